// The FEN of the position shown: kept up to date, copied, or typed to set
// up a position (the server reads it; a bad one is refused with the reason).

import { copyText } from './copy.js';
import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** Wires the FEN row to `app`. */
export function setupFen(app) {
  const field = $('fen');
  app.listeners.push(() => {
    // What the user is typing stays until it is set up or left.
    if (document.activeElement !== field) field.value = app.view.position.fen;
  });
  // Left without setting it up, the field shows the board's FEN again.
  field.addEventListener('blur', (e) => {
    if (app.view && !(e.relatedTarget && e.relatedTarget.id === 'fen-set')) field.value = app.view.position.fen;
  });
  field.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      setUp(app, field);
    } else if (e.key === 'Escape') {
      field.value = app.view.position.fen;
    }
  });
  $('fen-set').addEventListener('click', () => setUp(app, field));
  $('fen-copy').addEventListener('click', () => copyText(app.view.position.fen, app));
}

async function setUp(app, field) {
  const fen = field.value.trim();
  if (fen === '') return;
  // A set-up position is a new game (the server tells 960 castling from the FEN).
  if (await app.load({ fen })) {
    app.status(t('setUp'), 'info');
    field.value = app.view.position.fen;
  }
}
