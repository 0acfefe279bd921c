// The games folder of `iccf serve --games DIR` on the desk: its games as
// `iccf status` lists them, one opened into the desk, and the desk's new
// game file written back there.

import { post } from './api.js';
import { t, translate } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** Wires the folder to the desk (`desk.open()` reads the file in the panel). */
export async function setupFolder(app, desk) {
  const state = { file: null, was: null };
  $('folder').hidden = false;
  $('desk-hint').dataset.i18n = 'deskHintFolder';
  translate();
  $('desk-panel').open = true;
  $('folder-refresh').addEventListener('click', () => list(app, state, desk));
  $('desk-game').addEventListener('input', () => {
    $('desk-write').disabled = !state.file || $('desk-game').value === state.was;
  });
  $('desk-write').addEventListener('click', () => write(app, state, desk));
  await list(app, state, desk);
}

async function list(app, state, desk) {
  let folder;
  try {
    folder = await post('/api/games/list', {});
  } catch (err) {
    $('folder-summary').textContent = err.message;
    return;
  }
  $('folder-dir').textContent = folder.dir;
  const ours = folder.games.filter((g) => g.status.to_move === g.status.side).length;
  $('folder-summary').textContent = t('folderSummary', { games: folder.games.length, ours });
  $('folder-games').querySelector('tbody').replaceChildren(...folder.games.map((g) => row(app, state, desk, g)));
  $('folder-unreadable').replaceChildren(...folder.unreadable.map((u) => Object.assign(
    document.createElement('li'), { textContent: `${u.file}: cannot be read: ${u.error}` })));
}

/** One game as `iccf status` prints it, its file name a button that opens it. */
function row(app, state, desk, g) {
  const s = g.status;
  const tr = document.createElement('tr');
  tr.dataset.file = g.file;
  if (g.file === state.file) tr.className = 'current';
  const turn = s.to_move === null ? 'over'
    : `${s.to_move === s.side ? 'our' : 'their'} move, ${s.waiting || 0} days`;
  const last = (m) => (m ? `${m.no} ${m.numeric}${m.sent ? ` ${m.sent}` : ''}` : '-');
  const clock = (c) => (c.left !== null && c.control_move !== null
    ? `${c.used} used, ${c.left} left to move ${c.control_move}` : `${c.used} used`);
  const open = document.createElement('button');
  open.className = 'link';
  open.textContent = g.file;
  open.addEventListener('click', () => openFile(app, state, desk, g.file));
  const cells = [open, g.name, `${s.opponent} (we ${s.side})`, turn, last(s.ours), last(s.theirs),
    `us ${clock(s.our_clock)}; them ${clock(s.their_clock)}`, s.deadline || '', g.alerts.join('; ')];
  for (const cell of cells) {
    const td = document.createElement('td');
    td.append(cell);
    tr.appendChild(td);
  }
  if (g.alerts.length) tr.classList.add('alert');
  if (s.to_move === s.side) tr.classList.add('ours');
  return tr;
}

async function openFile(app, state, desk, file) {
  try {
    const { game } = await post('/api/games/open', { file });
    Object.assign(state, { file, was: game });
    $('desk-game').value = game;
    desk.anotherGame();
    $('desk-save').dataset.name = file;
    $('desk-save').hidden = true;
    $('desk-write').hidden = false;
    $('desk-write').disabled = true;
    $('desk-write').title = file;
    for (const tr of $('folder-games').querySelectorAll('tbody tr')) tr.classList.toggle('current', tr.dataset.file === file);
    await desk.open();
    app.status(`${file} opened`, 'info');
  } catch (err) {
    app.status(`${file}: ${err.message}`, 'error');
  }
}

async function write(app, state, desk) {
  try {
    const { game } = await post('/api/games/save', { file: state.file, game: $('desk-game').value, was: state.was });
    state.was = game;
    $('desk-write').disabled = true;
    app.status(`${state.file} written`, 'info');
    await list(app, state, desk);
  } catch (err) {
    app.status(`${state.file} not written: ${err.message}`, 'error');
  }
}
