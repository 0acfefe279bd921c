// Game files from disk: opened with the file button or dropped on the
// page, read by the server as pasted text; the game saved back as PGN with
// its variations and comments.

import { post } from './api.js';
import { isEmail } from './desk.js';
import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

/**
 * Wires opening, dropping and saving files; `loadText(text, bytes)` reads
 * games, `desk.setMessage(file)` takes a dropped e-mail (`.eml`).
 */
export function setupFiles(app, loadText, desk) {
  let name = 'game.pgn';
  const open = async (file) => {
    if (!file) return;
    if (isEmail(file)) {
      await desk.setMessage(file);
      return;
    }
    name = file.name.replace(/\.(txt|eml)$/i, '.pgn');
    const buffer = new Uint8Array(await file.arrayBuffer());
    try {
      await loadText(new TextDecoder('utf-8', { fatal: true }).decode(buffer), null);
    } catch {
      // Not UTF-8: the server finds the encoding, as `iccf convert` does.
      let bytes = '';
      for (let i = 0; i < buffer.length; i += 8192) bytes += String.fromCharCode(...buffer.subarray(i, i + 8192));
      await loadText('', bytes);
    }
    app.status(`${file.name}: ${$('status').textContent}`, $('status').className);
  };
  $('open-file').addEventListener('change', (e) => open(e.target.files[0]));
  document.addEventListener('dragover', (e) => {
    if (![...e.dataTransfer.types].includes('Files')) return;
    e.preventDefault();
    document.body.classList.add('dropping');
  });
  document.addEventListener('dragleave', (e) => {
    if (!e.relatedTarget) document.body.classList.remove('dropping');
  });
  document.addEventListener('drop', (e) => {
    document.body.classList.remove('dropping');
    if (!e.dataTransfer.files.length) return;
    e.preventDefault();
    open(e.dataTransfer.files[0]);
  });
  $('save-file').addEventListener('click', () => save(app, name));
}

/** Downloads the whole game as numeric PGN. */
async function save(app, name) {
  try {
    const { text } = await post('/api/export', {
      ...app.line(), tree: app.tree.toJson(), tags: app.tags, format: 'pgn', notation: 'numeric',
    });
    download(new Blob([text], { type: 'application/x-chess-pgn' }), name);
    app.status(t('savedAs', { name }), 'info');
  } catch (err) {
    app.status(`not saved: ${err.message}`, 'error');
  }
}

/** Offers `blob` as a download named `name`. */
export function download(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}
