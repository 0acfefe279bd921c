// The page's words in the seven languages of the cards: picked from the
// browser's languages, switchable, remembered; English here, the others
// in lang/*.js, loaded when chosen. Elements carry their key in
// data-i18n (text), data-i18n-title, data-i18n-aria. Moves, FENs and the
// engine's own messages (as the CLI prints them) are not translated.

const KEY = 'iccf-ui-lang';

export const LANGS = {
  en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español', it: 'Italiano', cs: 'Čeština', ru: 'Русский',
};

const TEXT = {
  en: {
    pasteLang: 'Letters of the moves', pasteLangAuto: 'found per game',
    comment: 'Comment on the move shown',
    language: 'Language', tagline: 'ICCF numeric notation',
    noToken: 'This address has no token: open the address iccf serve printed (it ends in ?token=…).',
    remote: 'This page listens on {bind}: other computers on the network can open it.',
    board: 'Board', start: 'Start', back: 'Back', forward: 'Forward', end: 'End',
    flip: 'Flip', flipTitle: 'Flip the board (f)', coords: 'Algebraic squares',
    coordsTitle: 'Show algebraic square names instead of numeric', newGame: 'New game',
    undo: 'Undo', undoTitle: 'Undo the last change (Ctrl+Z)', deleteHere: 'Delete from here',
    deleteTitle: 'Delete this move and all after it', promoteLine: 'Promote variation',
    promoteTitle: 'Make this variation the main line', svgTitle: 'Download the board as SVG',
    pngTitle: 'Download the board as PNG', move: 'Move', promoteTo: 'Promote:', queen: '1 Queen',
    rook: '2 Rook', bishop: '3 Bishop', knight: '4 Knight', fenSet: 'Set up',
    fenSetTitle: 'Set up this position (Enter)', copy: 'Copy', besideNumeric: 'Beside numeric',
    letters: 'Letters', no: 'No.', numeric: 'Numeric', treeHead: 'Moves and variations',
    paste: 'Paste a game',
    pasteHint: 'PGN, a numeric record, algebraic in any of 36 languages, or a received message; or open a file (or drop it on the page).',
    saveFile: 'Save as PGN', saveFileTitle: 'Save the game, variations and comments included, as PGN',
    load: 'Load', export: 'Export', as: 'As', oneLine: 'one line of moves', in: 'in',
    lettersLower: 'letters', save: 'Save', desk: 'Correspondence desk',
    deskHint: 'Your game file (kept by iccf card / iccf check); nothing is stored on the server.',
    deskHintFolder: 'Your game file (kept by iccf card / iccf check); nothing is stored on the server but the games folder\'s files, when you write them back.',
    wePlay: 'We play', asFile: 'as the file says', White: 'White', Black: 'Black', open: 'Open',
    theirMessage: 'Their message', check: 'Check', apply: 'record their move when in order', acceptResult: 'and the result they give (resignation, draw accepted)',
    receivedOn: 'Received on', receivedTitle: 'The day their message came: their move is recorded as received then, and our time counts from then. Empty: the e-mail\'s date, else today.',
    ourMessage: 'Our message', ourMove: 'Our move', wordsIn: 'Words in', recordAlso: 'Record also in',
    numericOnly: 'numeric only', figurines: 'figurines', lan: 'long algebraic', offer: 'offer a draw',
    accept: 'accept a draw', resign: 'resign', compose: 'Compose', copyMessage: 'Copy message',
    saveGame: 'Save game file', writeFolder: 'Write to the folder', gamesIn: 'Games in',
    refresh: 'Refresh', file: 'File', game: 'Game', opponent: 'Opponent', toMoveHead: 'To move',
    ours: 'Ours', theirs: 'Theirs', daysUsed: 'Days used', deadline: 'Deadline', alerts: 'Alerts',
    keys: 'Keys: digits enter a move ({5254}), {Enter} sends algebraic, {←} {→} step, {Home} {End}, {f} flips, {Esc} clears.',
    toMove: '{number} {side} to move', white: 'white', black: 'black', inCheck: ', in check',
    checkmate: 'checkmate: {side} wins', draw: 'draw: {why}', claim: '; a draw may be claimed ({why})',
    stalemate: 'stalemate', 'insufficient material': 'insufficient material',
    'fivefold repetition': 'fivefold repetition', '75-move rule': '75-move rule',
    'threefold repetition': 'threefold repetition', '50-move rule': '50-move rule',
    newVariation: ': a new variation', deleted: 'deleted (Undo brings it back)',
    promoted: 'variation promoted', alreadyMain: 'this is the main line already',
    nothingToDelete: 'no move to delete here', undone: 'undone', copied: 'copied',
    setUp: 'position set up', savedAs: 'saved as {name}',
    folderSummary: '{games} games, {ours} waiting for our move',
  },
};

let current = 'en';

/** Loads the words of `code` (English is here; the others are modules of their own). */
async function load(code) {
  if (!TEXT[code]) TEXT[code] = (await import(`./lang/${code}.js`)).default;
}

/** The language in use. */
export function lang() {
  return current;
}

/** The keys of a language's words (for tests: each language has them all). */
export async function keys(code) {
  await load(code);
  return Object.keys(TEXT[code]);
}

/** The text of `key` in the language in use, `{name}` filled from `params`. */
export function t(key, params = {}) {
  const text = TEXT[current][key] ?? TEXT.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The remembered choice, else the first of the browser's languages we have, else English. */
function pick() {
  try {
    const chosen = localStorage.getItem(KEY);
    if (chosen in LANGS) return chosen;
  } catch {
    // No storage: the browser's languages decide.
  }
  for (const tag of navigator.languages || [navigator.language || 'en']) {
    const code = tag.toLowerCase().split('-')[0];
    if (code in LANGS) return code;
  }
  return 'en';
}

/** Puts the words of the language in use into `root`'s marked elements. */
export function translate(root = document) {
  document.documentElement.lang = current;
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria));
  const footer = root.querySelector('#keys');
  if (footer) {
    // `{Esc}` in the text is a key: a <kbd>.
    footer.replaceChildren(...t('keys').split(/\{([^}]+)\}/).map((part, i) => (i % 2
      ? Object.assign(document.createElement('kbd'), { textContent: part }) : part)));
  }
}

/** Picks the language, fills `select` with the seven, and translates on a change (then `onChange()`). */
export async function setupLanguage(select, onChange) {
  current = pick();
  try {
    await load(current);
  } catch {
    current = 'en';
  }
  select.replaceChildren(...Object.entries(LANGS).map(([code, name]) => Object.assign(
    document.createElement('option'), { value: code, textContent: name, selected: code === current })));
  translate();
  select.addEventListener('change', async () => {
    const chosen = select.value in LANGS ? select.value : 'en';
    await load(chosen);
    current = chosen;
    try {
      localStorage.setItem(KEY, current);
    } catch {
      // Not remembered; still switched.
    }
    translate();
    onChange();
  });
}
