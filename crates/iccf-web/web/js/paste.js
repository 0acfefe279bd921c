// Pasted games: read by the server into numeric main lines; problems are
// listed as the CLI reports them, and a click selects the place in the text.

import { post } from './api.js';

const $ = (id) => document.getElementById(id);

/** Wires the paste panel to `app`. */
export function setupPaste(app) {
  let games = [];
  $('load').addEventListener('click', async () => {
    $('problems').replaceChildren();
    try {
      ({ games } = await post('/api/load', { text: $('paste-text').value }));
    } catch (err) {
      addProblem(err.message, null);
      return;
    }
    const choice = $('game-choice');
    choice.hidden = games.length < 2;
    choice.replaceChildren(...games.map((g, i) => {
      const option = document.createElement('option');
      option.value = i;
      option.textContent = `${g.index}. ${tag(g, 'White')} – ${tag(g, 'Black')}`;
      return option;
    }));
    await showGame(app, games[0]);
  });
  $('game-choice').addEventListener('change', (e) => showGame(app, games[Number(e.target.value)]));
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
  const shown = await app.load({ fen: game.fen, chess960: game.chess960, moves: game.moves, tags: game.tags });
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
