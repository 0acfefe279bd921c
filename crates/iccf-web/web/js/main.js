// The page: one line of play (start FEN + numeric moves) held here, every
// position and legal move asked of the server.

import { get, post, token } from './api.js';
import { createBoard } from './board.js';
import { setupEntry } from './entry.js';
import { renderMoves } from './movelist.js';
import { setupPaste } from './paste.js';
import { setupExport } from './export.js';
import { setupDesk } from './desk.js';

const $ = (id) => document.getElementById(id);

const app = {
  fen: null,
  moves: [],
  tags: [],
  ply: 0,
  view: null,
  flipped: false,
  listeners: [],
  // Requests run one after another, so that fast typing plays on the
  // position the move before it made.
  queue: Promise.resolve(),

  enqueue(job) {
    const run = this.queue.then(job);
    this.queue = run.catch(() => {});
    return run;
  },

  /** The display options sent with every line. */
  display() {
    return { notation: $('notation').value || 'san', lang: $('lang').value || 'en' };
  },

  /** Shows the position after `ply` half-moves (clamped to the line). */
  show(ply) {
    return this.enqueue(() => this.showNow(ply));
  },

  /** Shows the end of the line, as it is once the requests before it are done. */
  toEnd() {
    return this.enqueue(() => this.showNow(this.moves.length));
  },

  /** Steps `delta` half-moves from wherever the requests before it leave the board. */
  step(delta) {
    return this.enqueue(() => this.showNow(this.ply + delta));
  },

  async showNow(ply) {
    const target = Math.max(0, Math.min(ply, this.moves.length));
    try {
      const line = await post('/api/position', { fen: this.fen, moves: this.moves, ply: target, ...this.display() });
      this.update(line);
    } catch (err) {
      this.status(err.message, 'error');
    }
  },

  /** Plays `text` (any notation) after the position shown; false when refused. */
  play(text) {
    return this.enqueue(() => this.playNow(text));
  },

  async playNow(text) {
    const moves = this.moves.slice(0, this.ply);
    try {
      const line = await post('/api/play', { fen: this.fen, moves, text, input_lang: $('lang').value, ...this.display() });
      this.moves = line.moves.map((m) => m.numeric);
      const m = line.moves[line.moves.length - 1];
      this.update(line);
      this.status(`${m.number} ${m.numeric} (${m.san})`, 'info');
      return true;
    } catch (err) {
      this.status(`refused: ${err.message}`, 'error');
      return false;
    }
  },

  /** Replaces the line: a loaded game, a game file, a new game. */
  load(line) {
    return this.enqueue(() => this.loadNow(line));
  },

  async loadNow({ fen = null, moves = [], tags = [] }) {
    this.fen = fen;
    this.moves = moves;
    this.tags = tags;
    await this.showNow(moves.length);
  },

  update(line) {
    this.view = line;
    this.ply = line.ply;
    const last = line.ply > 0 ? line.moves[line.ply - 1] : null;
    this.board.render(line.position, last);
    renderMoves($('moves').querySelector('tbody'), $('record'), line, (ply) => this.show(ply));
    const pos = line.position;
    $('game-status').textContent = pos.status === 'playing'
      ? `${pos.number} ${pos.turn} to move${pos.check ? ', in check' : ''}`
      : pos.status;
    for (const listener of this.listeners) listener(this);
  },

  flip() {
    this.flipped = !this.flipped;
    this.board.setFlipped(this.flipped);
  },

  status(message, kind = 'info') {
    const el = $('status');
    el.textContent = message;
    el.className = kind;
  },
};

function fillSelect(select, items, chosen) {
  select.replaceChildren(...items.map(([value, label]) => {
    const option = document.createElement('option');
    option.value = value;
    option.textContent = label;
    option.selected = value === chosen;
    return option;
  }));
}

async function start() {
  app.board = createBoard($('board'), (from, to) => clicked(from, to));
  const info = await get('/api/info');
  if (!token()) {
    $('no-token').hidden = false;
  }
  if (info.reachable_from_elsewhere) {
    $('remote').hidden = false;
    $('remote').textContent = `This page listens on ${info.bind}: other computers on the network can open it.`;
  }
  const langs = info.languages.map((l) => [l.code, `${l.name} (${l.letters.join(' ')})`]);
  const notations = info.notations.map((n) => [n, n]);
  fillSelect($('notation'), notations.filter(([n]) => n !== 'numeric'), 'san');
  fillSelect($('lang'), langs, 'en');
  fillSelect($('export-notation'), notations, 'numeric');
  fillSelect($('export-lang'), langs, 'en');
  fillSelect($('desk-lang'), info.message_langs.map((c) => [c, c]), 'en');
  for (const id of ['notation', 'lang']) $(id).addEventListener('change', () => app.show(app.ply));
  $('notation').addEventListener('change', () => { $('text-head').textContent = $('notation').value.toUpperCase(); });
  $('flip').addEventListener('click', () => app.flip());
  $('coords').addEventListener('click', () => {
    const algebraic = $('coords').getAttribute('aria-pressed') !== 'true';
    $('coords').setAttribute('aria-pressed', String(algebraic));
    $('coords').textContent = algebraic ? 'Numeric' : 'Algebraic';
    app.board.setAlgebraic(algebraic);
  });
  $('to-start').addEventListener('click', () => app.show(0));
  $('back').addEventListener('click', () => app.step(-1));
  $('forward').addEventListener('click', () => app.step(1));
  $('to-end').addEventListener('click', () => app.toEnd());
  $('new-game').addEventListener('click', () => app.load({}));
  setupEntry(app);
  setupPaste(app);
  setupExport(app);
  setupDesk(app);
  await app.load({});
  $('entry').focus();
  document.body.dataset.ready = 'true';
}

/** A click or drag from one square to another: a promotion asks its digit. */
function clicked(from, to) {
  const matches = app.view.position.legal.filter((m) => m.from === from && m.to === to);
  if (matches.length > 1 && matches.every((m) => m.promotion)) {
    $('entry').value = `${from}${to}`;
    $('promotion').hidden = false;
    app.status('promotion: type the fifth digit, 1 = queen, 2 = rook, 3 = bishop, 4 = knight', 'info');
    $('entry').focus();
    return;
  }
  app.play(matches.length ? matches[0].numeric : `${from}${to}`);
}

start().catch((err) => app.status(`the page could not start: ${err.message}`, 'error'));
