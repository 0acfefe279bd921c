// The move list: numeric beside the chosen notation, one row a move
// number; a click on a move shows its position.

/** Fills `tbody` and the one-line numeric `record` from the server's line. */
export function renderMoves(tbody, record, line, onPick) {
  tbody.replaceChildren();
  const rows = [];
  line.moves.forEach((m, i) => {
    const white = !m.number.endsWith('...');
    if (white || rows.length === 0) rows.push({ number: m.number.replace('...', '.'), cells: [null, null] });
    rows[rows.length - 1].cells[white ? 0 : 1] = { m, ply: i + 1 };
  });
  for (const row of rows) {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.textContent = row.number;
    th.scope = 'row';
    tr.appendChild(th);
    for (const key of ['numeric', 'text']) {
      for (const cell of row.cells) {
        const td = document.createElement('td');
        td.className = key;
        if (cell) {
          td.textContent = cell.m[key];
          td.dataset.ply = cell.ply;
          td.tabIndex = -1;
          if (cell.ply === line.ply) td.classList.add('current');
          td.addEventListener('click', () => onPick(cell.ply));
        }
        tr.appendChild(td);
      }
    }
    tbody.appendChild(tr);
  }
  const current = tbody.querySelector('td.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
  record.textContent = numericRecord(line.moves);
  renderStrip(document.getElementById('strip'), line, onPick);
}

/** The moves in one scrolling line under the board, for narrow screens. */
function renderStrip(strip, line, onPick) {
  strip.replaceChildren();
  line.moves.forEach((m, i) => {
    if (!m.number.endsWith('...') || i === 0) {
      const no = document.createElement('span');
      no.className = 'no';
      no.textContent = m.number;
      strip.appendChild(no);
    }
    const button = document.createElement('button');
    button.textContent = m.numeric;
    button.title = m.text;
    button.dataset.ply = i + 1;
    if (i + 1 === line.ply) button.classList.add('current');
    button.addEventListener('click', () => onPick(i + 1));
    strip.appendChild(button);
  });
  const current = strip.querySelector('.current');
  if (current) current.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/** `1. 5254 5755 2. 7163`: numbered numeric moves. */
export function numericRecord(moves) {
  return moves
    .map((m, i) => (m.number.endsWith('...') && i > 0 ? m.numeric : `${m.number} ${m.numeric}`))
    .join(' ');
}
