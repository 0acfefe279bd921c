// The move tree as text: the main line, variations in brackets under the
// move they replace, comments in italics, NAGs as glyphs. A click on a
// move goes there.

import { nagText } from './tree.js';

/** Fills `el` with `tree`, `current` marked (and scrolled to); `onPick(node)` on a click. */
export function renderTree(el, tree, current, startFen, onPick, scroll = true) {
  const numbering = numberingOf(startFen);
  el.replaceChildren();
  for (const text of tree.root.after) el.append(comment(text), ' ');
  if (tree.root.children.length === 0) return;
  const main = document.createElement('div');
  main.className = 'main-line';
  renderLine(main, tree.root.children[0], 1, { numbering, current, onPick });
  el.appendChild(main);
  const here = el.querySelector('button.current');
  if (here && scroll) here.scrollIntoView({ block: 'nearest' });
}

/** The line from `first` at ply `depth`, with the variations branching off it. */
function renderLine(el, first, depth, view) {
  let needNumber = true;
  for (let node = first; node; node = node.children[0], depth++) {
    for (const text of node.before) {
      el.append(comment(text), ' ');
      needNumber = true;
    }
    const { number, white } = view.numbering(depth);
    if (white || needNumber) {
      const no = document.createElement('span');
      no.className = 'no';
      no.textContent = white ? `${number}.` : `${number}...`;
      el.append(no, ' ');
    }
    el.append(moveButton(node, view), ' ');
    needNumber = false;
    for (const text of node.after) {
      el.append(comment(text), ' ');
      needNumber = true;
    }
    if (node.isMain() && node.parent.children.length > 1) {
      for (const other of node.parent.children.slice(1)) {
        const variation = document.createElement('span');
        variation.className = 'variation';
        variation.append(paren('('));
        renderLine(variation, other, depth, view);
        variation.append(paren(')'));
        el.append(variation, ' ');
      }
      needNumber = true;
    }
  }
}

function moveButton(node, view) {
  const button = document.createElement('button');
  button.className = 'move';
  button.type = 'button';
  button.dataset.id = node.id;
  button.textContent = node.move + node.nags.map(nagText).join('');
  if (node === view.current) {
    button.classList.add('current');
    button.setAttribute('aria-current', 'true');
  }
  button.addEventListener('click', () => view.onPick(node));
  return button;
}

function paren(text) {
  const span = document.createElement('span');
  span.className = 'paren';
  span.textContent = text;
  return span;
}

function comment(text) {
  const span = document.createElement('span');
  span.className = 'comment';
  span.textContent = text;
  return span;
}

/** The move number and side of each ply from the start FEN's turn and move number. */
function numberingOf(fen) {
  const fields = (fen || '').trim().split(/\s+/);
  const blackFirst = fields[1] === 'b';
  const first = Number.parseInt(fields[5], 10) || 1;
  return (depth) => {
    const index = depth - 1 + (blackFirst ? 1 : 0);
    return { number: first + Math.floor(index / 2), white: index % 2 === 0 };
  };
}
