// Moves typed on the keyboard: digits (two show the from-square and its
// targets, four or five play), or any notation with Enter; arrows step.

/** Wires the entry field and the page's keys to `app`. */
export function setupEntry(app) {
  const entry = document.getElementById('entry');
  const promotion = document.getElementById('promotion');
  entry.addEventListener('input', () => typed(app, entry, promotion));
  entry.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      submit(app, entry, promotion, entry.value);
    } else if (e.key === 'Escape') {
      clear(app, entry, promotion);
    } else if (entry.value === '' && navigate(app, e.key)) {
      e.preventDefault();
    }
  });
  promotion.addEventListener('click', (e) => {
    const digit = e.target.dataset && e.target.dataset.digit;
    if (digit) submit(app, entry, promotion, entry.value.slice(0, 4) + digit);
  });
  document.addEventListener('keydown', (e) => {
    const tag = e.target.tagName;
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(tag) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (/^[1-8]$/.test(e.key)) {
      entry.focus();
    } else if (e.key === 'f') {
      app.flip();
    } else if (navigate(app, e.key)) {
      e.preventDefault();
    }
  });
}

function navigate(app, key) {
  const steps = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  if (key in steps) app.step(steps[key]);
  else if (key === 'Home') app.show(0);
  else if (key === 'End') app.toEnd();
  else return false;
  return true;
}

function clear(app, entry, promotion) {
  entry.value = '';
  promotion.hidden = true;
  app.board.mark(null);
}

/** After each keystroke: highlight, ask for the promotion digit, or play. */
async function typed(app, entry, promotion) {
  await app.queue;
  const text = entry.value.trim();
  promotion.hidden = true;
  if (!/^\d+$/.test(text) || !app.view) {
    if (text === '') app.board.mark(null);
    return;
  }
  const legal = app.view.position.legal;
  if (text.length >= 2) {
    const from = text.slice(0, 2);
    const targets = legal.filter((m) => m.from === from);
    app.board.mark(from);
    if (text.length === 2) {
      app.status(targets.length
        ? `${from}: to ${targets.map((m) => m.to).filter((t, i, a) => a.indexOf(t) === i).join(', ')}`
        : `no legal move from ${from}`, targets.length ? 'info' : 'warn');
    }
  }
  if (text.length === 4) {
    const matches = legal.filter((m) => m.numeric.slice(0, 4) === text);
    if (matches.length > 0 && matches.every((m) => m.promotion)) {
      promotion.hidden = false;
      app.status('promotion: type the fifth digit, 1 = queen, 2 = rook, 3 = bishop, 4 = knight', 'info');
      return;
    }
    submit(app, entry, promotion, text);
  } else if (text.length >= 5) {
    submit(app, entry, promotion, text);
  }
}

async function submit(app, entry, promotion, text) {
  if (text.trim() === '') return;
  promotion.hidden = true;
  entry.value = '';
  const ok = await app.play(text.trim());
  if (!ok) app.board.mark(null);
}
