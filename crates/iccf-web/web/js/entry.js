// Moves typed on the keyboard: digits (two show the from-square and its
// targets, four or five play), or any notation with Enter; arrows step.

/** Wires the entry field and the page's keys to `app`; `app.clearEntry()` drops a half-typed move. */
export function setupEntry(app) {
  const entry = document.getElementById('entry');
  const promotion = document.getElementById('promotion');
  app.clearEntry = () => clear(app, entry, promotion);
  entry.addEventListener('input', () => typed(app, entry, promotion));
  entry.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      submit(app, entry, promotion, entry.value);
    } else if (e.key === 'Escape') {
      clear(app, entry, promotion);
    } else if (e.key === 'f' && /^\d*$/.test(entry.value) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // No move has an f after digits: the footer's key works here too.
      e.preventDefault();
      app.flip();
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
    if (e.key === 'Escape') {
      clear(app, entry, promotion);
    } else if (/^[1-8]$/.test(e.key)) {
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

// Whether a keystroke is being handled: keystrokes meanwhile are picked up
// by the loop below, which reads the entry again after each request.
let busy = false;

/**
 * After each keystroke: highlight the from-square, ask for the promotion
 * digit, or play the first 4 (or 5) digits and go on with the rest, so
 * that moves typed faster than the server answers are played in order.
 */
async function typed(app, entry, promotion) {
  if (busy) return;
  busy = true;
  try {
    for (;;) {
      await app.queue;
      const text = entry.value.trim();
      promotion.hidden = true;
      if (!/^\d+$/.test(text) || !app.view) {
        if (text === '') app.board.mark(null);
        return;
      }
      highlight(app, text);
      if (text.length < 4) return;
      const matches = app.view.position.legal.filter((m) => m.numeric.slice(0, 4) === text.slice(0, 4));
      const needsFifth = matches.length > 0 && matches.every((m) => m.promotion);
      if (needsFifth && text.length === 4) {
        promotion.hidden = false;
        app.status('promotion: type the fifth digit, 1 = queen, 2 = rook, 3 = bishop, 4 = knight', 'info');
        return;
      }
      const move = text.slice(0, needsFifth ? 5 : 4);
      entry.value = text.slice(move.length);
      if (!(await app.play(move))) {
        // Refused: what was typed after it was meant for another position.
        entry.value = '';
        app.board.mark(null);
        return;
      }
    }
  } finally {
    busy = false;
  }
}

/** Two digits or more: the from-square and its legal targets. */
function highlight(app, text) {
  if (text.length < 2) return;
  const from = text.slice(0, 2);
  const targets = app.view.position.legal.filter((m) => m.from === from);
  app.board.mark(from);
  if (text.length === 2) {
    const squares = targets.map((m) => m.to).filter((t, i, all) => all.indexOf(t) === i);
    app.status(targets.length ? `${from}: to ${squares.join(', ')}` : `no legal move from ${from}`,
      targets.length ? 'info' : 'warn');
  }
}

async function submit(app, entry, promotion, text) {
  if (text.trim() === '') return;
  promotion.hidden = true;
  entry.value = '';
  const ok = await app.play(text.trim());
  if (!ok) app.board.mark(null);
}
