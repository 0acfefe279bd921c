// The page as a person uses it: typing digits, promotion, refusals,
// pasting, exporting, stepping through, the correspondence desk.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launch, openPage, paste, pieceOn, typeMove } from './browser.mjs';

let chromium;
before(async () => { chromium = await launch(); });
after(async () => { await chromium.close(); });

const record = (page) => page.textContent('#record');

async function waitRecord(page, text) {
  try {
    await page.waitForFunction((t) => document.getElementById('record').textContent === t, text, { timeout: 10000 });
  } catch (err) {
    const got = await page.textContent('#record');
    const status = await page.textContent('#status');
    throw new Error(`record ${JSON.stringify(got)} (status ${JSON.stringify(status)}), not ${JSON.stringify(text)}`);
  }
}

test('the page loads with the start position and the numeric grid', async () => {
  const page = await openPage(chromium.context);
  assert.equal(await page.$$eval('#board g.piece', (p) => p.length), 32);
  assert.equal(await pieceOn(page, '51'), 'K');
  assert.equal(await pieceOn(page, '58'), 'k');
  const numbers = await page.$$eval('#board text.sqnum', (t) => t.map((x) => x.textContent));
  assert.equal(numbers.length, 64);
  assert.ok(numbers.includes('11') && numbers.includes('88'));
  const a1 = await page.$eval('#board rect[data-square="11"]', (r) => [r.getAttribute('x'), r.getAttribute('y')]);
  await page.click('#flip');
  const flipped = await page.$eval('#board rect[data-square="11"]', (r) => [r.getAttribute('x'), r.getAttribute('y')]);
  assert.notDeepEqual(flipped, a1);
  assert.equal(flipped[1], '20', 'a1 at the top when flipped');
  await page.click('#coords');
  assert.equal(await page.$$eval('#board text.sqnum', (t) => t.length), 0);
  assert.ok((await page.$$eval('#board text.edge', (t) => t.map((x) => x.textContent))).includes('e'));
  assert.deepEqual(page.jsErrors, []);
});

test('typing 5254 plays e4: the pawn on e4 and 1. 5254 in the list', async () => {
  const page = await openPage(chromium.context);
  await typeMove(page, '52');
  // After two digits: the from-square and its legal targets.
  assert.deepEqual(await page.$$eval('#board circle.target', (c) => c.map((x) => x.dataset.target).sort()), ['53', '54']);
  assert.equal(await page.$$eval('#board rect.selected', (r) => r.map((x) => x.dataset.square).join()), '52');
  await page.keyboard.type('54');
  await waitRecord(page, '1. 5254');
  assert.equal(await pieceOn(page, '54'), 'P');
  assert.equal(await pieceOn(page, '52'), null);
  assert.equal(await page.textContent('#moves tbody tr:first-child td.numeric'), '5254');
  assert.equal(await page.textContent('#moves tbody tr:first-child td.text'), 'e4');
});

test('a promotion asks for its fifth digit', async () => {
  const page = await openPage(chromium.context);
  await paste(page, '[SetUp "1"]\n[FEN "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"]\n\n*');
  await page.waitForFunction(() => document.querySelector('#board g.piece.white[data-square="57"]'));
  await typeMove(page, '5758');
  await page.waitForSelector('#promotion:not([hidden])');
  assert.equal(await pieceOn(page, '58'), null);
  assert.match(await page.textContent('#status'), /fifth digit/);
  await page.keyboard.type('4');
  await waitRecord(page, '1. 57584');
  assert.equal(await pieceOn(page, '58'), 'N');
});

test('moves typed faster than the server answers are played in order', async () => {
  const page = await openPage(chromium.context);
  await typeMove(page, '525457557163283661251716');
  await waitRecord(page, '1. 5254 5755 2. 7163 2836 3. 6125 1716');
  assert.equal(await page.inputValue('#entry'), '');
});

test('digits typed anywhere on the page go to the move entry', async () => {
  const page = await openPage(chromium.context);
  await page.click('h1');
  assert.notEqual(await page.evaluate(() => document.activeElement.id), 'entry');
  await page.keyboard.type('7163');
  await waitRecord(page, '1. 7163');
  assert.equal(await pieceOn(page, '63'), 'N');
});

test('a promotion by click asks for the piece with buttons', async () => {
  const page = await openPage(chromium.context);
  await paste(page, '[SetUp "1"]\n[FEN "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"]\n\n*');
  await page.waitForFunction(() => document.querySelector('#board g.piece.white[data-square="57"]'));
  await page.click('#board g.piece[data-square="57"]');
  await page.click('#board rect[data-square="58"]');
  await page.waitForSelector('#promotion:not([hidden])');
  await page.click('#promotion button[data-digit="2"]');
  await waitRecord(page, '1. 57582');
  assert.equal(await pieceOn(page, '58'), 'R');
});

test('the page says when it is reachable from other computers', async () => {
  const page = await openPage(chromium.context);
  assert.equal(await page.isHidden('#remote'), true);
  // The server on loopback says it is not; a server bound beyond says so (faked here).
  await page.route('**/api/info', async (route) => {
    const response = await route.fetch();
    const info = await response.json();
    await route.fulfill({ response, json: { ...info, bind: '0.0.0.0:8080', reachable_from_elsewhere: true } });
  });
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.match(await page.textContent('#remote'), /listens on 0\.0\.0\.0:8080: other computers on the network can open it/);
});

test('an illegal entry is refused with the reason', async () => {
  const page = await openPage(chromium.context);
  await typeMove(page, '5255');
  await page.waitForSelector('#status.error');
  const status = await page.textContent('#status');
  assert.match(status, /^refused: 1\. `5255`: .*e2.*e5/);
  assert.match(status, /nearest legal: .*5254/);
  assert.equal(await record(page), '');
  assert.equal(await pieceOn(page, '52'), 'P');
});

test('a whole game by keyboard only, and the arrow keys step through it', async () => {
  const page = await openPage(chromium.context);
  for (const move of ['6263', '5755', '7274', '4884']) await typeMove(page, move);
  await waitRecord(page, '1. 6263 5755 2. 7274 4884');
  assert.match(await page.textContent('#game-status'), /checkmate/);
  await page.focus('#entry');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => !document.querySelector('#board g.piece[data-square="74"]'));
  assert.equal(await pieceOn(page, '48'), 'q');
  assert.equal(await pieceOn(page, '63'), 'P');
  await page.keyboard.press('End');
  await page.waitForFunction(() => document.querySelector('#board g.piece[data-square="84"]'));
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.querySelector('#board g.piece[data-square="62"]'));
});

test('moves by click and by drag', async () => {
  const page = await openPage(chromium.context);
  await page.click('#board g.piece[data-square="72"]');
  await page.click('#board rect[data-square="73"]');
  await waitRecord(page, '1. 7273');
  const from = await page.$('#board rect[data-square="77"]');
  const to = await page.$('#board rect[data-square="76"]');
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
  await waitRecord(page, '1. 7273 7776');
});

test('a German score pasted is shown in numeric, with figurines beside it', async () => {
  const page = await openPage(chromium.context);
  await paste(page, '1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *');
  await waitRecord(page, '1. 5254 5755 2. 7163 2836 3. 6125 1716');
  await page.selectOption('#notation', 'figurine');
  await page.waitForFunction(() => document.querySelector('#moves tbody tr:nth-child(2) td.text').textContent === '♘f3');
});

test('problems of a pasted game are listed as the CLI reports them', async () => {
  const page = await openPage(chromium.context);
  await paste(page, '1. 5254 5755\n2. 7163 2855 *');
  await page.waitForSelector('#problems li');
  assert.match(await page.textContent('#problems li'), /^2:9: game 1, 2\.\.\. `2855`/);
  await waitRecord(page, '1. 5254 5755 2. 7163');
});

test('export as PGN in SAN and German letters', async () => {
  const page = await openPage(chromium.context);
  for (const move of ['5254', '5755', '7163']) await typeMove(page, move);
  await waitRecord(page, '1. 5254 5755 2. 7163');
  await page.click('#export-panel summary');
  await page.selectOption('#export-notation', 'san');
  await page.selectOption('#export-lang', 'de');
  await page.click('#export');
  await page.waitForFunction(() => document.getElementById('export-text').value.includes('Sf3'));
  const pgn = await page.inputValue('#export-text');
  assert.match(pgn, /^\[Event "\?"\]/);
  assert.match(pgn, /1\. e4 e5 2\. Sf3 \*/);
  await page.selectOption('#export-format', 'text');
  await page.selectOption('#export-notation', 'numeric');
  await page.click('#export');
  await page.waitForFunction(() => document.getElementById('export-text').value.startsWith('1. 5254'));
});

const GAME = `[Event "Friendly"]
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

test('the desk checks a message with a mistyped move; the suggestion is played', async () => {
  const page = await openPage(chromium.context);
  await page.click('#desk-panel summary');
  await page.fill('#desk-game', GAME);
  await page.click('#desk-open');
  await waitRecord(page, '1. 5254');
  assert.match(await page.textContent('#desk-summary'), /Anna – Boris, we play white; move 1\.\.\. is due from them/);
  await page.fill('#desk-message', 'Thanks for 1. 5254\nMy reply: 1... 5575\n');
  await page.click('#desk-check');
  await page.waitForSelector('#findings li.problem');
  assert.match(await page.textContent('#findings li.problem'), /your move 1\.\.\. 5575 is not a legal numeric move/);
  await page.click('#findings button.suggestion >> nth=0');
  await waitRecord(page, '1. 5254 5755');
});

test('the desk composes our next message', async () => {
  const page = await openPage(chromium.context);
  await page.click('#desk-panel summary');
  await page.fill('#desk-game', GAME);
  await page.click('#desk-open');
  await waitRecord(page, '1. 5254');
  await page.fill('#desk-message', 'Your move: 1. 5254\nMy move: 1... 5755\n');
  await page.check('#desk-apply');
  await page.click('#desk-check');
  await waitRecord(page, '1. 5254 5755');
  await typeMove(page, '7163');
  await page.waitForFunction(() => document.getElementById('desk-move').value === '7163');
  await page.selectOption('#desk-lang', 'de');
  await page.selectOption('#lang', 'de');
  await page.selectOption('#desk-also', 'san');
  await page.click('#desk-compose');
  await page.waitForFunction(() => document.getElementById('desk-card').textContent.includes('2. 7163'));
  assert.match(await page.textContent('#desk-card'), /Sf3/);
  assert.equal(await page.isVisible('#desk-save'), true);
  await page.screenshot({ path: 'screenshots/desk-1280-light.png', fullPage: true });
  assert.match(await page.inputValue('#desk-game'), /2\. 7163/);
});

for (const [width, height, scheme] of [[390, 844, 'light'], [1280, 900, 'light'], [1280, 900, 'dark']]) {
  test(`screenshot at ${width} px (${scheme}) is not blank and fits the width`, async () => {
    const page = await openPage(chromium.context, { width, height, colorScheme: scheme });
    for (const move of ['5254', '5755', '7163', '2836', '6125']) await typeMove(page, move);
    await waitRecord(page, '1. 5254 5755 2. 7163 2836 3. 6125');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
    const png = await page.screenshot({ path: `screenshots/page-${width}-${scheme}.png`, fullPage: true });
    assert.ok(png.length > 20000, `PNG of ${png.length} bytes`);
    const colours = await countColours(page, png);
    assert.ok(colours > 50, `${colours} colours`);
  });
}

/** Distinct colours in a PNG, counted by the browser on a blank page. */
async function countColours(page, png) {
  const blank = await page.context().newPage();
  await blank.goto('about:blank');
  const count = await blank.evaluate(async (b64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${b64}`;
    await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const data = ctx.getImageData(0, 0, image.width, image.height).data;
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4 * 7) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return seen.size;
  }, png.toString('base64'));
  await blank.close();
  return count;
}
