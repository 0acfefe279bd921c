// The correspondence desk: the game file's text kept in the page, checked
// and updated by the server as `iccf check` and `iccf card` do.

import { post } from './api.js';
import { copyText, saveLink } from './copy.js';

const $ = (id) => document.getElementById(id);

/** Wires the desk panel to `app`; returns `open()`, which reads the game file in the panel. */
export function setupDesk(app) {
  const desk = { moves: null, ourTurn: false, start: {} };
  $('desk-file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    anotherGame();
    $('desk-save').dataset.name = file.name;
    setGame(await file.text());
    await open(app, desk);
  });
  $('desk-open').addEventListener('click', () => open(app, desk));
  $('desk-check').addEventListener('click', () => check(app, desk));
  $('desk-compose').addEventListener('click', () => compose(app, desk));
  $('desk-copy').addEventListener('click', () => copyText($('desk-card').textContent, app));
  // A move played on the board right after the file's last one, our turn: our move.
  app.listeners.push(() => {
    if (desk.moves && desk.ourTurn && app.moves.length === desk.moves.length + 1
      && desk.moves.every((m, i) => m === app.moves[i])) {
      $('desk-move').value = app.moves[app.moves.length - 1];
    }
  });
  $('desk-message').addEventListener('input', () => { messageBytes = null; });
  // The link saves the text it was made for: another game's, or one
  // edited since, would be saved under this name.
  $('desk-game').addEventListener('input', () => { $('desk-save').hidden = true; });
  $('desk-message-file').addEventListener('change', async (e) => {
    if (e.target.files[0]) await setMessage(app, e.target.files[0]);
  });
  return { open: () => open(app, desk), setMessage: (file) => setMessage(app, file), anotherGame };
}

/**
 * Before another game file is put in the desk: the side chosen for the
 * last one would contradict it. The message and the day it came stay: it
 * may be this game's, pasted before the game was opened.
 */
function anotherGame() {
  $('desk-side').value = '';
}

/**
 * The bytes of the message file last opened when they are not UTF-8 (an
 * e-mail in KOI8-R or CP1250, sent 8-bit): the server reads them by the
 * e-mail's own charset. Dropped once the text is edited.
 */
let messageBytes = null;

/** Whether `file` is an e-mail (an .eml as saved by the mail program), not a game file or text. */
export function isEmail(file) {
  return /\.eml$/i.test(file.name) || file.type === 'message/rfc822';
}

/** A received message from a file (an .eml as saved by the mail program), ready to check. */
async function setMessage(app, file) {
  $('desk-panel').open = true;
  // An e-mail has its own date: a day given for the last message would
  // override it. A text file has none, and keeps a day typed before it.
  if (isEmail(file)) $('desk-received').value = '';
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    $('desk-message').value = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    messageBytes = null;
  } catch {
    // Shown in the charset the e-mail names; checked from its bytes.
    $('desk-message').value = new TextDecoder(charsetOf(bytes)).decode(bytes);
    messageBytes = bytes;
  }
  app.status(`${file.name}: the message is in the desk; Check reads it`, 'info');
}

/** The charset an e-mail's header names, if the browser knows it; else Windows-1252. */
function charsetOf(bytes) {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 65536));
  const label = (/charset\s*=\s*"?([\w.:-]+)/i.exec(head) || [])[1];
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return 'windows-1252';
  }
}

/** `bytes` in base64. */
function base64(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The name the game file is saved under: the file opened, else `game.pgn`. */
function fileName() {
  return $('desk-save').dataset.name || 'game.pgn';
}

/** Puts the game file's new text in the panel and says so to whoever listens. */
function setGame(text) {
  $('desk-game').value = text;
  $('desk-game').dispatchEvent(new Event('input'));
}

function request(extra = {}) {
  return { game: $('desk-game').value, side: $('desk-side').value || null, ...extra };
}

async function open(app, desk) {
  try {
    const game = await post('/api/desk/open', request());
    desk.moves = game.moves;
    desk.ourTurn = game.our_turn;
    desk.start = { fen: game.fen, chess960: game.chess960 };
    const tag = (name) => (game.tags.find(([n]) => n === name) || [name, '?'])[1];
    $('desk-summary').textContent = `${tag('White')} – ${tag('Black')}, we play ${game.side}; `
      + (game.result !== '*' ? `result ${game.result}` : `move ${game.next} is due from ${game.our_turn ? 'us' : 'them'}`);
    // A thematic event's game starts from its FEN.
    await app.load({ ...desk.start, moves: game.moves, tags: game.tags });
  } catch (err) {
    desk.moves = null;
    $('desk-summary').textContent = err.message;
  }
}

async function check(app, desk) {
  const list = $('findings');
  list.replaceChildren();
  try {
    const report = await post('/api/desk/check', request({
      message: $('desk-message').value,
      message_base64: messageBytes && base64(messageBytes),
      apply: $('desk-apply').checked,
      accept_result: $('desk-apply').checked && $('desk-accept-result').checked,
      received: receivedDay(),
    }));
    for (const finding of report.findings) list.appendChild(findingItem(app, desk, finding));
    if (report.game) {
      setGame(report.game);
      // Recorded as received that day; the next message comes on another.
      $('desk-received').value = '';
      // The file to save is the one with their move recorded.
      saveLink($('desk-save'), report.game, fileName());
      await open(app, desk);
    }
    app.status(checkSummary(report), report.in_order ? 'info' : 'warn');
  } catch (err) {
    list.appendChild(Object.assign(document.createElement('li'), { textContent: err.message, className: 'problem' }));
  }
}

/** The day given in "Received on", or null; a date half typed is refused, not taken for none. */
function receivedDay() {
  const input = $('desk-received');
  if (input.validity.badInput) throw new Error('received on: not a whole date; complete it or clear it');
  return input.value || null;
}

/** What the check found and what was not recorded, for the status line. */
function checkSummary(report) {
  if (!report.in_order) return 'the message is not in order';
  if (report.resend) return 'they ask for our last move again: compose our card again and send it';
  const recorded = (report.applied || []).some((a) => a.kind === 'result');
  if (report.result && !recorded) {
    // The board's result comes with their move; words need the second box.
    const boxes = report.on_board ? '"record their move"' : '"record their move" and "the result they give"';
    return `the message is in order; it gives the result ${report.result}, not recorded: tick ${boxes}, then Check again`;
  }
  return 'the message is in order';
}

/** One finding; an unclear move's likely meanings are buttons that play them. */
function findingItem(app, desk, finding) {
  const li = document.createElement('li');
  li.className = finding.problem ? 'problem' : 'ok';
  li.textContent = `${finding.problem ? 'problem' : 'ok'}: ${finding.text}`;
  const detail = finding.detail;
  if (detail.kind === 'unclear-move') {
    const moves = detail.suggestions.length
      ? detail.suggestions.map((s) => [s.numeric, `${s.numeric} (${s.san})`])
      : detail.nearest.map((n) => [n, n]);
    const span = document.createElement('span');
    span.className = 'suggestions';
    for (const [numeric, label] of moves) {
      const button = document.createElement('button');
      button.className = 'suggestion';
      button.textContent = label;
      button.addEventListener('click', async () => {
        // Played after the game file's moves: open it first if not yet open.
        if (!desk.moves) await open(app, desk);
        if (!desk.moves) return;
        if (!(await app.load({ ...desk.start, moves: desk.moves, tags: app.tags }))) return;
        if (await app.play(numeric)) app.status(`${moveNo(detail.no)} ${numeric} on the board: ask them to confirm it`, 'info');
      });
      span.appendChild(button);
    }
    li.appendChild(span);
  }
  return li;
}

/** `12.` or `12...` from a finding's move number (`{number, side}`). */
function moveNo(no) {
  if (typeof no !== 'object' || no === null) return String(no);
  return `${no.number}${String(no.side).toLowerCase() === 'black' ? '...' : '.'}`;
}

async function compose(app, desk) {
  try {
    const answer = await post('/api/desk/card', request({
      move: $('desk-move').value || null,
      message_lang: $('desk-lang').value,
      also: $('desk-also').value || null,
      lang: $('lang').value,
      offer_draw: $('desk-offer').checked,
      accept_draw: $('desk-accept').checked,
      resign: $('desk-resign').checked,
    }));
    $('desk-card').textContent = answer.card;
    setGame(answer.game);
    $('desk-move').value = '';
    saveLink($('desk-save'), answer.game, fileName());
    await open(app, desk);
  } catch (err) {
    // Not in the card: "Copy message" would put the error in the e-mail.
    $('desk-card').textContent = '';
    app.status(err.message, 'error');
  }
}
