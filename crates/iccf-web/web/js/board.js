// The board: an SVG drawn from the server's position (pieces by numeric
// square, legal moves), with the numeric grid, clicks and drags. It knows
// no chess rules: every target it offers comes from the server's list.

import { PIECES } from './pieces.js';

const NS = 'http://www.w3.org/2000/svg';
const EDGE = 20;
const SIZE = 50;
const FILES = 'abcdefgh';

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

/** A board in `container`; `onMove(from, to)` is called with numeric squares. */
export function createBoard(container, onMove) {
  const svg = el('svg', { viewBox: `0 0 ${8 * SIZE + 2 * EDGE} ${8 * SIZE + 2 * EDGE}`, role: 'img' });
  container.appendChild(svg);
  const board = { svg, flipped: false, algebraic: false, view: null, selected: null, marked: null, onMove };
  svg.addEventListener('pointerdown', (e) => pointerDown(board, e));
  svg.addEventListener('pointermove', (e) => pointerMove(board, e));
  svg.addEventListener('pointerup', (e) => pointerUp(board, e));
  return {
    render(view, last) { board.view = view; board.last = last; board.selected = null; board.marked = null; draw(board); },
    setFlipped(flipped) { board.flipped = flipped; draw(board); },
    setAlgebraic(algebraic) { board.algebraic = algebraic; draw(board); },
    mark(from) { board.marked = from; board.selected = null; draw(board); },
  };
}

/** Top-left corner of a numeric square ("52") in SVG units. */
function origin(board, square) {
  const file = Number(square[0]) - 1;
  const rank = Number(square[1]) - 1;
  const col = board.flipped ? 7 - file : file;
  const row = board.flipped ? rank : 7 - rank;
  return [EDGE + col * SIZE, EDGE + row * SIZE];
}

/** The numeric square under SVG point (x, y), or null. */
function squareAt(board, x, y) {
  const col = Math.floor((x - EDGE) / SIZE);
  const row = Math.floor((y - EDGE) / SIZE);
  if (col < 0 || col > 7 || row < 0 || row > 7) return null;
  const file = board.flipped ? 7 - col : col;
  const rank = board.flipped ? row : 7 - row;
  return `${file + 1}${rank + 1}`;
}

function targetsFrom(board, from) {
  if (!board.view || !from) return [];
  return board.view.legal.filter((m) => m.from === from).map((m) => m.to);
}

function draw(board) {
  const { svg } = board;
  svg.replaceChildren();
  if (!board.view) return;
  const active = board.selected || board.marked;
  const targets = targetsFrom(board, active);
  const kingInCheck = board.view.check
    ? Object.keys(board.view.pieces).find((sq) => board.view.pieces[sq] === (board.view.turn === 'white' ? 'K' : 'k'))
    : null;
  const squares = el('g', { class: 'squares' }, svg);
  for (let file = 1; file <= 8; file++) {
    for (let rank = 1; rank <= 8; rank++) {
      const sq = `${file}${rank}`;
      const [x, y] = origin(board, sq);
      const classes = ['sq', (file + rank) % 2 === 0 ? 'dark' : 'light'];
      if (board.last && (board.last.from === sq || board.last.to === sq)) classes.push('last');
      if (sq === active) classes.push('selected');
      if (sq === kingInCheck) classes.push('check');
      el('rect', { x, y, width: SIZE, height: SIZE, class: classes.join(' '), 'data-square': sq }, squares);
    }
  }
  drawPieces(board);
  drawLabels(board);
  for (const to of targets) {
    const [x, y] = origin(board, to);
    el('circle', { cx: x + SIZE / 2, cy: y + SIZE / 2, r: board.view.pieces[to] ? 22 : 8,
      class: board.view.pieces[to] ? 'target capture' : 'target', 'data-target': to }, svg);
  }
  svg.setAttribute('aria-label', `Board, ${board.view.turn} to move`);
}

function drawPieces(board) {
  const layer = el('g', { class: 'pieces' }, board.svg);
  for (const [sq, letter] of Object.entries(board.view.pieces)) {
    const [x, y] = origin(board, sq);
    const side = letter === letter.toUpperCase() ? 'white' : 'black';
    const shape = PIECES[letter.toLowerCase()];
    const g = el('g', { class: `piece ${side}`, transform: `translate(${x} ${y})`, 'data-square': sq, 'data-piece': letter }, layer);
    el('path', { d: shape.outline, class: 'body' }, g);
    if (shape.details) el('path', { d: shape.details, class: 'lines' }, g);
  }
}

/** Square numbers on every square and digits (or letters) on the edges. */
function drawLabels(board) {
  const layer = el('g', { class: 'labels', 'aria-hidden': 'true' }, board.svg);
  for (let i = 1; i <= 8; i++) {
    const [fx] = origin(board, `${i}1`);
    const [, ry] = origin(board, `1${i}`);
    const fileName = board.algebraic ? FILES[i - 1] : String(i);
    for (const y of [EDGE - 6, EDGE + 8 * SIZE + 15]) {
      el('text', { x: fx + SIZE / 2, y, class: 'edge' }, layer).textContent = fileName;
    }
    for (const x of [EDGE / 2, EDGE * 1.5 + 8 * SIZE]) {
      el('text', { x, y: ry + SIZE / 2 + 4, class: 'edge' }, layer).textContent = String(i);
    }
  }
  if (board.algebraic) return;
  for (let file = 1; file <= 8; file++) {
    for (let rank = 1; rank <= 8; rank++) {
      const [x, y] = origin(board, `${file}${rank}`);
      el('text', { x: x + 2, y: y + SIZE - 3, class: `sqnum ${(file + rank) % 2 === 0 ? 'on-dark' : 'on-light'}` }, layer).textContent = `${file}${rank}`;
    }
  }
}

function svgPoint(board, e) {
  const point = board.svg.createSVGPoint();
  point.x = e.clientX;
  point.y = e.clientY;
  return point.matrixTransform(board.svg.getScreenCTM().inverse());
}

function ownPiece(board, sq) {
  const letter = board.view && board.view.pieces[sq];
  if (!letter) return false;
  return (letter === letter.toUpperCase()) === (board.view.turn === 'white');
}

function pointerDown(board, e) {
  if (!board.view) return;
  const p = svgPoint(board, e);
  const sq = squareAt(board, p.x, p.y);
  const active = board.selected || board.marked;
  if (active && targetsFrom(board, active).includes(sq)) {
    board.selected = null;
    board.onMove(active, sq);
    return;
  }
  if (!ownPiece(board, sq)) {
    board.selected = null;
    draw(board);
    return;
  }
  board.selected = sq;
  board.marked = null;
  draw(board);
  const piece = board.svg.querySelector(`g.piece[data-square="${sq}"]`);
  board.drag = { from: sq, piece, start: p };
  board.svg.setPointerCapture(e.pointerId);
  e.preventDefault();
}

function pointerMove(board, e) {
  if (!board.drag) return;
  const p = svgPoint(board, e);
  const { piece } = board.drag;
  piece.setAttribute('transform', `translate(${p.x - SIZE / 2} ${p.y - SIZE / 2})`);
  piece.classList.add('dragging');
}

function pointerUp(board, e) {
  const drag = board.drag;
  board.drag = null;
  if (!drag) return;
  const p = svgPoint(board, e);
  const sq = squareAt(board, p.x, p.y);
  if (sq && sq !== drag.from && targetsFrom(board, drag.from).includes(sq)) {
    board.selected = null;
    board.onMove(drag.from, sq);
  } else {
    draw(board);
  }
}
