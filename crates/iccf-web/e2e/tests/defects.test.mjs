// Issue 17's pastes and issue 21's defects, each as a person meets them,
// at phone and desktop width, light and dark.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { URL, launch, openPage, paste, pieceOn, typeMove } from './browser.mjs';

const testdata = (path) => new globalThis.URL(`../../../../testdata/${path}`, import.meta.url).pathname;

let chromium;
before(async () => { chromium = await launch(); });
after(async () => { await chromium.close(); });

const waitText = (page, selector, pattern) => page.waitForFunction(
  ([s, p]) => new RegExp(p).test(document.querySelector(s).textContent), [selector, pattern.source], { timeout: 10000 });
const record = (page) => page.textContent('#record');

const CHESS960 = '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1"]\n\n1. O-O g6 2. g3 O-O *';
const NULL_MOVE = '1. e4 -- 2. d4 e5 *';
const ODD_CASTLING = '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1"]\n\n1. O-O Kd7 *';

for (const [width, scheme] of [[390, 'light'], [1280, 'dark']]) {
  test(`a Chess960 game, a null move and odd castling rights load whole (${width} px, ${scheme})`, async () => {
    const page = await openPage(chromium.context, { width, height: 900, colorScheme: scheme });
    await paste(page, CHESS960);
    await waitText(page, '#status', /game 1 loaded: 4 moves/);
    assert.equal(await pieceOn(page, '71'), 'K');
    assert.equal(await pieceOn(page, '78'), 'k');
    // Play on after it: the server has the game.
    await typeMove(page, '1213');
    await page.waitForFunction(() => document.querySelector('#board g.piece[data-square="13"]'));
    assert.match(await record(page), / 3\. 1213$/);

    await paste(page, NULL_MOVE);
    await waitText(page, '#record', /^1\. 5254 -- 2\. 4244 5755$/);
    await page.keyboard.press('Home');
    await page.focus('#entry');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await waitText(page, '#game-status', /^2\. white to move/);

    await paste(page, ODD_CASTLING);
    await waitText(page, '#record', /^1\. 5171 5847$/);
    assert.match(await page.textContent('#problems'), /castling/);
    assert.equal(await pieceOn(page, '61'), 'R');
    assert.deepEqual(page.jsErrors, []);
  });
}

test('a game the page cannot show is refused with the reason and the old game stays', async () => {
  const page = await openPage(chromium.context);
  await typeMove(page, '5254');
  await waitText(page, '#record', /^1\. 5254$/);
  await paste(page, '[Variant "Crazyhouse"]\n\n1. e4 e5 *');
  await waitText(page, '#status', /game 1 not loaded: variant Crazyhouse is not supported/);
  assert.equal(await record(page), '1. 5254');
  assert.equal(await pieceOn(page, '54'), 'P');
});

test('without the token the page says so, and the server refuses its moves', async () => {
  const page = await chromium.context.newPage();
  await page.goto(URL.replace(/\?token=.*/, ''));
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await page.waitForSelector('body[data-ready="true"], #status.error', { timeout: 10000 });
  assert.equal(await page.isVisible('#no-token'), true);
  assert.match(await page.textContent('#status'), /no token/);
  await page.close();
});

test('Escape and New game leave no half-typed move or promotion buttons behind', async () => {
  const page = await openPage(chromium.context);
  await paste(page, '[SetUp "1"]\n[FEN "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"]\n\n*');
  await page.waitForFunction(() => document.querySelector('#board g.piece.white[data-square="57"]'));
  await typeMove(page, '5758');
  await page.waitForSelector('#promotion:not([hidden])');
  await page.keyboard.press('Escape');
  assert.equal(await page.inputValue('#entry'), '');
  assert.equal(await page.isHidden('#promotion'), true);
  await typeMove(page, '5758');
  await page.waitForSelector('#promotion:not([hidden])');
  await page.click('#new-game');
  await page.waitForFunction(() => document.querySelectorAll('#board g.piece').length === 32);
  assert.equal(await page.inputValue('#entry'), '');
  assert.equal(await page.isHidden('#promotion'), true);
  assert.equal(await page.$$eval('#board rect.selected', (r) => r.length), 0);
});

test('f flips the board while the move box has focus; the coordinates toggle tells its state', async () => {
  const page = await openPage(chromium.context);
  await page.focus('#entry');
  const y = () => page.$eval('#board rect[data-square="11"]', (r) => r.getAttribute('y'));
  const before = await y();
  await page.keyboard.press('f');
  assert.notEqual(await y(), before);
  assert.equal(await page.inputValue('#entry'), '');
  // Algebraic moves still take their f.
  await page.keyboard.type('Nf3');
  assert.equal(await page.inputValue('#entry'), 'Nf3');
  await page.keyboard.press('Escape');
  assert.equal(await page.getAttribute('#coords', 'aria-pressed'), 'false');
  assert.equal(await page.$$eval('#board text.sqnum', (t) => t.length), 64);
  await page.click('#coords');
  assert.equal(await page.getAttribute('#coords', 'aria-pressed'), 'true');
  assert.equal(await page.$$eval('#board text.sqnum', (t) => t.length), 0);
  assert.match(await page.textContent('#coords'), /Algebraic/);
});

test('a problem after an emoji selects the right place in the text', async () => {
  const page = await openPage(chromium.context);
  const text = '{😀😀} 1. e4 e5 2. Ke3 *';
  await paste(page, text);
  await page.waitForSelector('#problems li button');
  await page.click('#problems li button');
  const selected = await page.evaluate(() => {
    const area = document.getElementById('paste-text');
    return area.value.slice(area.selectionStart, area.selectionEnd);
  });
  assert.equal(selected, 'Ke3');
});

test('the page has a favicon and a numeric keyboard for moves', async () => {
  const page = await openPage(chromium.context);
  const href = await page.getAttribute('link[rel="icon"]', 'href');
  const icon = await page.request.get(new globalThis.URL(href, URL).href);
  assert.equal(icon.status(), 200);
  assert.match(icon.headers()['content-type'], /image\/svg\+xml/);
  assert.equal(await page.getAttribute('#entry', 'inputmode'), 'numeric');
});

/** The contrast ratio of two CSS colours `rgb(r, g, b)`. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/\d+/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

for (const scheme of ['light', 'dark']) {
  test(`on a phone (${scheme}): square numbers legible at 4.5:1, moves under the board, a clear last move`, async () => {
    const page = await openPage(chromium.context, { width: 390, height: 844, colorScheme: scheme });
    for (const move of ['5254', '5755', '7163']) await typeMove(page, move);
    await page.waitForFunction(() => document.getElementById('record').textContent === '1. 5254 5755 2. 7163');
    const colours = await page.evaluate(() => {
      const fill = (el) => getComputedStyle(el).fill;
      const q = (s) => document.querySelector(s);
      return {
        onDark: fill(q('text.sqnum.on-dark')), dark: fill(q('rect.sq.dark:not(.last)')),
        onLight: fill(q('text.sqnum.on-light')), light: fill(q('rect.sq.light:not(.last)')),
        last: [...document.querySelectorAll('rect.sq.last')].map(fill),
        height: q('text.sqnum').getBoundingClientRect().height,
      };
    });
    assert.ok(contrast(colours.onDark, colours.dark) >= 4.5, `${colours.onDark} on ${colours.dark}`);
    assert.ok(contrast(colours.onLight, colours.light) >= 4.5, `${colours.onLight} on ${colours.light}`);
    assert.ok(colours.height >= 9, `square numbers ${colours.height} px high`);
    // The last move's squares: opaque, and apart from the squares' own colours.
    assert.equal(colours.last.length, 2);
    for (const last of colours.last) {
      assert.doesNotMatch(last, /rgba/);
      assert.ok(contrast(last, colours.dark) > 1.3 || contrast(last, colours.light) > 1.3, last);
    }
    // The moves are in a strip right under the board, on screen.
    const strip = await page.$eval('#strip', (s) => {
      const box = s.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, text: s.textContent };
    });
    assert.ok(strip.bottom <= 844, `strip at ${strip.top}..${strip.bottom}`);
    assert.match(strip.text, /1\.52545755\s*2\.7163/);
    await page.click('#strip button[data-ply="1"]');
    await page.waitForFunction(() => !document.querySelector('#board g.piece[data-square="55"]'));
    await page.screenshot({ path: `screenshots/phone-390-${scheme}.png` });
  });
}

test('the end of a game names the winner; the players, event and result are shown', async () => {
  const page = await openPage(chromium.context);
  await paste(page, '[Event "Club final"]\n[White "Anna"]\n[Black "Boris"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1');
  await waitText(page, '#game-status', /^checkmate: Black wins$/);
  assert.equal(await page.textContent('#game-info'), 'Anna – Boris · Club final · 0-1');
  await paste(page, '1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *');
  await waitText(page, '#game-status', /a draw may be claimed \(threefold repetition\)/);
  assert.equal(await page.textContent('#game-info'), '');
});

const DESK_GAME = `[Event "Friendly"]
[Site "?"]
[Date "2026.12.01"]
[Round "?"]
[White "Anna"]
[Black "Boris"]
[Result "*"]
[ICCFSide "white"]
[TimeControl "10/50"]

1. 5254 {[%ccsnt 2026.12.01]} *
`;

test('desk: a suggestion before Open plays after the file, says its move number; the save link has their move', async () => {
  const page = await openPage(chromium.context);
  await page.click('#desk-panel summary');
  await page.fill('#desk-game', DESK_GAME);
  // No Open: the check opens the file itself when a suggestion is played.
  await page.fill('#desk-message', 'Thanks for 1. 5254\nMy reply: 1... 5575\n');
  await page.click('#desk-check');
  await page.waitForSelector('#findings button.suggestion');
  await page.click('#findings button.suggestion >> nth=0');
  await page.waitForFunction(() => document.getElementById('record').textContent === '1. 5254 5755');
  const status = await page.textContent('#status');
  assert.doesNotMatch(status, /object/);
  assert.match(status, /^1\.\.\. 5755 on the board/);
  // Checked and recorded: the file offered for saving has their move.
  await page.fill('#desk-message', 'Your move: 1. 5254\nMy move: 1... 5755\n');
  await page.check('#desk-apply');
  await page.click('#desk-check');
  await page.waitForSelector('#desk-save:not([hidden])');
  assert.match(await page.getAttribute('#desk-save', 'href'), /^blob:/);
  const download = page.waitForEvent('download');
  await page.click('#desk-save');
  const saved = await (await download).path();
  const { readFileSync } = await import('node:fs');
  assert.match(readFileSync(saved, 'utf8'), /1\. 5254 .*5755/s);
  // Resigning and offering a draw at once is refused.
  await page.check('#desk-offer');
  await page.check('#desk-resign');
  await page.click('#desk-compose');
  // Said in the status line, not in the card: "Copy message" would have
  // put the error in the e-mail.
  await waitText(page, '#status', /not both/);
  assert.equal(await page.textContent('#desk-card'), '');
});

/** A page with the desk open and `game` in it. */
async function deskWith(game) {
  const page = await openPage(chromium.context);
  await page.click('#desk-panel summary');
  await page.fill('#desk-game', game);
  return page;
}

/** Closes `page`, which raised no JavaScript error. */
async function closeClean(page) {
  assert.deepEqual(page.jsErrors, []);
  await page.close();
}

const THEMATIC = '[Event "Thematic"]\n[ICCFSide "white"]\n[SetUp "1"]\n'
  + '[FEN "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"]\n\n3. 6125 {[%ccsnt 2026.12.01]} *\n';

test('desk: their resignation is recorded when asked, and the status says when it is not', async () => {
  const page = await deskWith(DESK_GAME);
  await page.fill('#desk-message', 'Thanks for 1. 5254. I resign.\n');
  await page.check('#desk-apply');
  await page.click('#desk-check');
  await waitText(page, '#status', /gives the result 1-0, not recorded/);
  assert.match(await page.inputValue('#desk-game'), /\[Result "\*"\]/);
  await page.check('#desk-accept-result');
  await page.click('#desk-check');
  await page.waitForFunction(() => /\[Result "1-0"\]/.test(document.getElementById('desk-game').value));
  await waitText(page, '#status', /^the message is in order$/);
  await closeClean(page);
});

test('desk: a game from a set-up position opens on the board from its FEN', async () => {
  const page = await deskWith(THEMATIC);
  await page.click('#desk-open');
  await waitText(page, '#desk-summary', /move 3\.\.\. is due from them/);
  await page.waitForFunction(() => /6125/.test(document.getElementById('record').textContent));
  assert.doesNotMatch(await page.textContent('#status'), /not loaded/);
  await closeClean(page);
});

test('desk: an 8-bit KOI8-R e-mail opened from a file is read by its own charset', async () => {
  const page = await deskWith('[ICCFSide "white"]\n\n1. 5254 {[%ccsnt 2026.12.01]} 5755 {[%ccsnt 2026.12.02]} '
    + '2. 7163 {[%ccsnt 2026.12.03]} *\n');
  await page.setInputFiles('#desk-message-file', testdata('corr/mail/koi8r.eml'));
  // Shown in Cyrillic, not as replacement characters.
  await page.waitForFunction(() => document.getElementById('desk-message').value.includes('Предлагаю ничью'));
  await page.click('#desk-check');
  await waitText(page, '#findings', /offers a draw/);
  await closeClean(page);
});

test('desk: a suggestion for their mistyped move in a thematic game plays from its FEN', async () => {
  const page = await deskWith(THEMATIC);
  await page.fill('#desk-message', 'Thanks for 3. 6125\nMy reply: 3... 1613\n');
  await page.click('#desk-check');
  await page.waitForSelector('#findings button.suggestion');
  await page.click('#findings button.suggestion >> nth=0');
  await waitText(page, '#status', /on the board: ask them to confirm it/);
  assert.doesNotMatch(await page.textContent('#status'), /not loaded/);
  await closeClean(page);
});

test('desk: a pasted message is recorded as received on the day given, kept when its game is opened, cleared by an e-mail', async () => {
  const page = await deskWith('');
  // The message and its day first, then its game opened from a file.
  await page.fill('#desk-message', 'Your move: 1. 5254\nMy move: 1... 5755\n');
  await page.fill('#desk-received', '2026-12-03');
  await page.setInputFiles('#desk-file', { name: 'anna-boris.pgn', mimeType: 'text/plain', buffer: Buffer.from(DESK_GAME) });
  await waitText(page, '#desk-summary', /^Anna – Boris, we play white/);
  assert.equal(await page.inputValue('#desk-received'), '2026-12-03');
  await page.check('#desk-apply');
  await page.click('#desk-check');
  await page.waitForFunction(() => /5755/.test(document.getElementById('desk-game').value));
  assert.match(await page.inputValue('#desk-game'), /5755\s*\{\[%ccsnt 2026\.12\.03\] \[%ccrcv 2026\.12\.03\]\}/);
  // Used: the next message needs a day of its own.
  assert.equal(await page.inputValue('#desk-received'), '');
  // A text file has no date: a day typed before it stays. An e-mail has one.
  await page.fill('#desk-received', '2026-12-04');
  await page.setInputFiles('#desk-message-file', { name: 'reply.txt', mimeType: 'text/plain', buffer: Buffer.from('2. 7163\n') });
  await page.waitForFunction(() => document.getElementById('desk-message').value === '2. 7163\n');
  assert.equal(await page.inputValue('#desk-received'), '2026-12-04');
  await page.setInputFiles('#desk-message-file', testdata('corr/mail/koi8r.eml'));
  await page.waitForFunction(() => document.getElementById('desk-received').value === '');
  // A date half typed is refused, not taken for none (today).
  await page.focus('#desk-received');
  await page.keyboard.type('12');
  await page.click('#desk-check');
  await waitText(page, '#findings', /received on: not a whole date/);
  await closeClean(page);
});
