// Pasted games and opened files: read by the server into numeric trees; problems are
// listed as the CLI reports them, and a click selects the place in the text.

import { post } from './api.js';

const $ = (id) => document.getElementById(id);

/** Wires the paste panel to `app`; returns `loadText(text, bytes)`, which reads a file's games. */
export function setupPaste(app) {
  let games = [];
  const loadText = async (text, bytes = null) => {
    $('problems').replaceChildren();
    let answer;
    try {
      const input_lang = $('paste-lang').value || null;
      answer = await post('/api/load', bytes === null ? { text, input_lang } : { bytes, input_lang });
    } catch (err) {
      addProblem(err.message, null);
      app.status(err.message, 'error');
      return;
    }
    ({ games } = answer);
    $('paste-text').value = answer.text === undefined ? text : answer.text;
    const choice = $('game-choice');
    choice.hidden = games.length < 2;
    choice.replaceChildren(...games.map((g, i) => {
      const option = document.createElement('option');
      option.value = i;
      const result = g.result || tag(g, 'Result');
      option.textContent = `${g.index}. ${tag(g, 'White')} – ${tag(g, 'Black')}, ${tag(g, 'Event')} ${result}`;
      return option;
    }));
    $('game-choice').setAttribute('aria-label', `${games.length} games`);
    await showGame(app, games[0]);
  };
  $('load').addEventListener('click', () => loadText($('paste-text').value));
  $('game-choice').addEventListener('change', (e) => showGame(app, games[Number(e.target.value)]));
  return loadText;
}

function tag(game, name) {
  const found = game.tags.find(([n]) => n === name);
  return found ? found[1] : '?';
}

async function showGame(app, game) {
  $('problems').replaceChildren();
  for (const problem of [...game.errors, ...game.warnings]) addProblem(problem.text, problem);
  if (game.refused) {
    addProblem(`game ${game.index} not loaded: ${game.refused}`, null);
    app.status(`game ${game.index} not loaded: ${game.refused}`, 'error');
    return;
  }
  const shown = await app.load({ fen: game.fen, chess960: game.chess960, tree: game.tree, tags: game.tags });
  if (!shown) return;
  const count = game.errors.length + game.warnings.length;
  app.status(`game ${game.index} loaded: ${game.moves.length} moves${count ? `, ${count} problem(s)` : ''}`,
    game.errors.length ? 'warn' : 'info');
}

/** A problem in the list; with a place, a click selects it in the text. */
function addProblem(text, problem) {
  const li = document.createElement('li');
  if (problem) {
    const button = document.createElement('button');
    button.className = 'link';
    button.textContent = text;
    button.addEventListener('click', () => select($('paste-text'), problem.line, problem.column, problem.token));
    li.appendChild(button);
  } else {
    li.textContent = text;
  }
  $('problems').appendChild(li);
}

function select(area, line, column, token) {
  const lines = area.value.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  // The server counts characters; the text area counts UTF-16 units, two
  // for an emoji.
  const units = (text) => text.length;
  const before = Array.from(lines[line - 1] || '').slice(0, column - 1).join('');
  offset += units(before);
  area.focus();
  area.setSelectionRange(offset, offset + Math.max(1, units(token)));
}
