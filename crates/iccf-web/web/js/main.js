// The page: the game (start FEN + a tree of numeric moves) held here, every
// position and legal move asked of the server.

import { get, post, token } from './api.js';
import { createBoard } from './board.js';
import { setupEntry } from './entry.js';
import { renderMoves } from './movelist.js';
import { setupPaste } from './paste.js';
import { setupExport } from './export.js';
import { setupDesk } from './desk.js';
import { Tree } from './tree.js';
import { renderTree } from './treeview.js';
import { setupFen } from './fen.js';
import { setupFiles } from './files.js';
import { setupDiagram } from './diagram.js';
import { savedGame, setupPersist } from './persist.js';
import { setupFolder } from './folder.js';
import { setupLanguage, t } from './i18n.js';

const $ = (id) => document.getElementById(id);

const app = {
  fen: null,
  chess960: false,
  tree: new Tree(),
  // The position shown, and the line through it (its path, then its main
  // continuation): what the board, the table and the arrows follow.
  node: null,
  lineNodes: [],
  moves: [],
  tags: [],
  ply: 0,
  view: null,
  flipped: false,
  listeners: [],
  // Earlier states of the game, for Undo.
  undone: [],
  // Requests run one after another, so that fast typing plays on the
  // position the move before it made.
  queue: Promise.resolve(),

  enqueue(job) {
    const run = this.queue.then(job);
    this.queue = run.catch(() => {});
    return run;
  },

  /** The line as the server takes it: start and moves. */
  line(moves = this.moves) {
    return { fen: this.fen, chess960: this.chess960, moves };
  },

  /** The display options sent with every line. */
  display() {
    return { notation: $('notation').value || 'san', lang: $('lang').value || 'en' };
  },

  /** Follows the line through `node`. */
  setLine(node) {
    this.node = node;
    this.lineNodes = this.tree.lineThrough(node);
    this.moves = this.lineNodes.map((n) => n.move);
  },

  /** Shows the position after `ply` half-moves of the line (clamped to it). */
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

  /** Shows `node`, anywhere in the tree. */
  goTo(node) {
    return this.enqueue(() => {
      this.setLine(node);
      return this.showNow(this.tree.path(node).length);
    });
  },

  async showNow(ply) {
    const target = Math.max(0, Math.min(ply, this.moves.length));
    try {
      const line = await post('/api/position', { ...this.line(), ply: target, ...this.display() });
      this.node = target === 0 ? this.tree.root : this.lineNodes[target - 1];
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
    const path = this.tree.path(this.node).map((n) => n.move);
    let line;
    try {
      line = await post('/api/play', { ...this.line(path), text, input_lang: $('lang').value, ...this.display() });
    } catch (err) {
      this.status(`refused: ${err.message}`, 'error');
      return false;
    }
    const m = line.moves[line.moves.length - 1];
    const known = this.node.children.find((c) => c.move === m.numeric);
    if (!known) this.remember();
    const child = this.tree.play(this.node, m.numeric);
    this.setLine(child);
    if (child.children.length) await this.showNow(path.length + 1);
    else this.update(line);
    const branched = !known && child.parent.children.length > 1;
    this.status(`${m.number} ${m.numeric} (${m.san})${branched ? t('newVariation') : ''}`, 'info');
    return true;
  },

  /**
   * Replaces the game (a loaded game, a game file, a new game) once the
   * server has replayed its line; refused, the old game stays. The game is
   * a `tree` (the server's line form) or `moves`; `at` the moves of the
   * line to follow (the main line when absent), `ply` the position on it
   * to show (its end when absent). True when shown.
   */
  load(game) {
    return this.enqueue(() => this.loadNow(game));
  },

  async loadNow({ fen = null, chess960 = false, moves = [], tree = null, tags = [], at = null, ply = null }, undoing = false) {
    const next = tree ? Tree.fromJson(tree) : Tree.fromMoves(moves);
    const lineNodes = next.lineThrough((at && next.find(at)) || next.root);
    const shown = ply === null ? lineNodes.length : Math.max(0, Math.min(ply, lineNodes.length));
    let line;
    try {
      line = await post('/api/position', { fen, chess960, moves: lineNodes.map((n) => n.move), ply: shown, ...this.display() });
    } catch (err) {
      this.status(`not loaded: ${err.message}`, 'error');
      return false;
    }
    if (!undoing && this.tree.root.children.length) this.remember();
    Object.assign(this, { fen, chess960, tags, tree: next });
    this.setLine(lineNodes.length ? lineNodes[lineNodes.length - 1] : next.root);
    this.node = shown === 0 ? next.root : lineNodes[shown - 1];
    this.update(line);
    return true;
  },

  /** The game as it is, to save or come back to. */
  snapshot() {
    return {
      fen: this.fen, chess960: this.chess960, tags: this.tags,
      tree: this.tree.toJson(), at: this.moves, ply: this.ply,
    };
  },

  /** Keeps the game as it is for Undo. */
  remember() {
    this.undone.push(this.snapshot());
    if (this.undone.length > 200) this.undone.shift();
    $('undo').disabled = false;
  },

  /** Goes back to the game before the last change. */
  undo() {
    return this.enqueue(async () => {
      const before = this.undone.pop();
      $('undo').disabled = this.undone.length === 0;
      if (!before) return;
      if (await this.loadNow(before, true)) this.status(t('undone'), 'info');
    });
  },

  /** Deletes the move shown and all after it. */
  deleteHere() {
    return this.enqueue(async () => {
      if (!this.node.parent) {
        this.status(t('nothingToDelete'), 'warn');
        return;
      }
      this.remember();
      const parent = this.tree.remove(this.node);
      this.setLine(parent);
      await this.showNow(this.tree.path(parent).length);
      this.status(t('deleted'), 'info');
    });
  },

  /** Sets the comment after the move shown (before the first move: the game's). */
  comment(text) {
    return this.enqueue(() => {
      const node = this.node;
      const now = text.trim() ? [text.trim()] : [];
      if (now.join(' ') === node.after.join(' ')) return;
      this.remember();
      node.after = now;
      // Only the tree changes; nothing scrolls, so the tap that left the
      // comment box lands where it was aimed.
      renderTree($('tree'), this.tree, this.node, this.fen, (n) => this.goTo(n), false);
      for (const listener of this.listeners) listener(this);
    });
  },

  /** Makes the variation shown the main line where it branches. */
  promote() {
    return this.enqueue(async () => {
      const snapshot = this.snapshot();
      if (!this.tree.promote(this.node)) {
        this.status(t('alreadyMain'), 'warn');
        return;
      }
      this.undone.push(snapshot);
      $('undo').disabled = false;
      await this.showNow(this.ply);
      this.status(t('promoted'), 'info');
    });
  },

  update(line) {
    this.view = line;
    this.ply = line.ply;
    const last = line.ply > 0 ? line.moves[line.ply - 1] : null;
    this.board.render(line.position, last);
    renderMoves($('moves').querySelector('tbody'), $('record'), line, (ply) => this.show(ply));
    renderTree($('tree'), this.tree, this.node, this.fen, (node) => this.goTo(node));
    if (document.activeElement !== $('comment')) $('comment').value = this.node.after.join(' ');
    $('game-status').textContent = statusText(line.position);
    $('game-info').textContent = gameInfo(this.tags);
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

/** `checkmate: White wins`, `1... black to move, in check`, draws and claims. */
function statusText(pos) {
  const side = (colour) => colour[0].toUpperCase() + colour.slice(1);
  let text;
  if (pos.status === 'checkmate') text = t('checkmate', { side: t(side(pos.winner)) });
  else if (pos.status !== 'playing') text = t('draw', { why: t(pos.status) });
  else text = t('toMove', { number: pos.number, side: t(pos.turn) }) + (pos.check ? t('inCheck') : '');
  if (pos.claim) text += t('claim', { why: t(pos.claim) });
  return text;
}

/** `Anna – Boris · Friendly · 1-0` from the game's tags. */
function gameInfo(tags) {
  const tag = (name) => {
    const found = tags.find(([n]) => n === name);
    return found && found[1] !== '?' && found[1] !== '' ? found[1] : null;
  };
  if (!tag('White') && !tag('Black') && !tag('Event')) return '';
  const parts = [`${tag('White') || '?'} – ${tag('Black') || '?'}`];
  if (tag('Event')) parts.push(tag('Event'));
  if (tag('Result') && tag('Result') !== '*') parts.push(tag('Result'));
  return parts.join(' · ');
}

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
  await setupLanguage($('ui-lang'), () => {
    if (app.view) app.update(app.view);
    if (!$('remote').hidden) $('remote').textContent = t('remote', { bind: $('remote').dataset.bind });
  });
  app.board = createBoard($('board'), (from, to) => clicked(from, to));
  const info = await get('/api/info');
  if (!token()) {
    $('no-token').hidden = false;
  }
  if (info.reachable_from_elsewhere) {
    $('remote').hidden = false;
    $('remote').dataset.bind = info.bind;
    $('remote').textContent = t('remote', { bind: info.bind });
  }
  const langs = info.languages.map((l) => [l.code, `${l.name} (${l.letters.join(' ')})`]);
  const notations = info.notations.map((n) => [n, n]);
  fillSelect($('notation'), notations.filter(([n]) => n !== 'numeric'), 'san');
  fillSelect($('lang'), langs, 'en');
  fillSelect($('export-notation'), notations, 'numeric');
  fillSelect($('export-lang'), langs, 'en');
  fillSelect($('paste-lang'), [['', t('pasteLangAuto')], ...langs], '');
  $('paste-lang').options[0].dataset.i18n = 'pasteLangAuto';
  fillSelect($('desk-lang'), info.message_langs.map((c) => [c, c]), 'en');
  for (const id of ['notation', 'lang']) $(id).addEventListener('change', () => app.show(app.ply));
  $('notation').addEventListener('change', () => { $('text-head').textContent = $('notation').value.toUpperCase(); });
  $('flip').addEventListener('click', () => app.flip());
  // A toggle: pressed means algebraic square names are shown.
  $('coords').addEventListener('click', () => {
    const algebraic = $('coords').getAttribute('aria-pressed') !== 'true';
    $('coords').setAttribute('aria-pressed', String(algebraic));
    app.board.setAlgebraic(algebraic);
  });
  $('to-start').addEventListener('click', () => app.show(0));
  $('back').addEventListener('click', () => app.step(-1));
  $('forward').addEventListener('click', () => app.step(1));
  $('to-end').addEventListener('click', () => app.toEnd());
  $('undo').addEventListener('click', () => app.undo());
  $('delete').addEventListener('click', () => app.deleteHere());
  $('promote').addEventListener('click', () => app.promote());
  $('comment').addEventListener('change', () => app.comment($('comment').value));
  $('new-game').addEventListener('click', () => {
    app.clearEntry();
    app.load({});
  });
  document.addEventListener('keydown', (e) => {
    const typing = ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName) && e.target.id !== 'entry';
    if ((e.ctrlKey || e.metaKey) && e.key === 'z' && !typing && !$('entry').value) {
      e.preventDefault();
      app.undo();
    }
  });
  setupEntry(app);
  const loadText = setupPaste(app);
  setupExport(app);
  const desk = setupDesk(app);
  setupFen(app);
  setupFiles(app, loadText, desk);
  setupDiagram(app);
  const saved = savedGame();
  if (!saved || !(await app.load(saved))) await app.load({});
  // Only now: the game shown is the one to keep for a reload.
  setupPersist(app);
  app.listeners.at(-1)(app);
  if (info.games_folder) await setupFolder(app, desk);
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
