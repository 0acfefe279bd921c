// Export: the game on the board, variations and comments included, written by the server as PGN or a one-line
// record, in any notation and language, to copy or save.

import { post } from './api.js';
import { copyText, saveLink } from './copy.js';

const $ = (id) => document.getElementById(id);

/** Wires the export panel to `app`. */
export function setupExport(app) {
  $('export').addEventListener('click', () => exportGame(app));
  $('export-copy').addEventListener('click', () => copyText($('export-text').value, app));
}

async function exportGame(app) {
  const format = $('export-format').value;
  try {
    const { text } = await post('/api/export', {
      ...app.line(), tree: app.tree.toJson(), tags: app.tags, format,
      notation: $('export-notation').value, lang: $('export-lang').value,
    });
    $('export-text').value = text;
    saveLink($('export-save'), text, format === 'pgn' ? 'game.pgn' : 'game.txt');
  } catch (err) {
    app.status(`export: ${err.message}`, 'error');
  }
}
