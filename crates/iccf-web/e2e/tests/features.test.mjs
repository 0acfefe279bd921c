// Issue 21: what a player expects of an analysis board. The FEN shown,
// copied and typed; files opened, dropped and saved; the line in the
// address; the board as SVG and PNG.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { URL, launch, openPage, paste, pieceOn, typeMove } from './browser.mjs';

let chromium;
before(async () => { chromium = await launch(); });
after(async () => { await chromium.close(); });

const waitText = (page, selector, pattern) => page.waitForFunction(
  ([s, p]) => new RegExp(p).test(document.querySelector(s).textContent), [selector, pattern.source], { timeout: 10000 });
const testdata = (path) => new globalThis.URL(`../../../../testdata/${path}`, import.meta.url);

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const ENDGAME = '8/5k2/8/8/8/8/4P3/4K3 w - - 0 40';

for (const [width, scheme] of [[390, 'dark'], [1280, 'light']]) {
  test(`the FEN is shown, copied and typed to set up a position (${width} px, ${scheme})`, async () => {
    const page = await openPage(chromium.context, { width, height: 900, colorScheme: scheme });
    assert.equal(await page.inputValue('#fen'), START);
    await typeMove(page, '5254');
    await page.waitForFunction(() => document.getElementById('fen').value.startsWith('rnbqkbnr/pppppppp/8/8/4P3/'));
    // Copied: the clipboard has it.
    await chromium.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('#fen-copy');
    await waitText(page, '#status', /^copied$/);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await page.inputValue('#fen'));
    // A bad FEN is refused with the reason; the game stays.
    await page.fill('#fen', '8/8/8/8 w - - 0 1');
    await page.press('#fen', 'Enter');
    await waitText(page, '#status', /not loaded: bad FEN/);
    assert.equal(await pieceOn(page, '54'), 'P');
    // A good one is a new game from that position, numbered from it.
    await page.fill('#fen', ENDGAME);
    await page.click('#fen-set');
    await waitText(page, '#status', /position set up/);
    assert.equal(await page.$$eval('#board g.piece', (p) => p.length), 3);
    assert.equal(await pieceOn(page, '52'), 'P');
    await typeMove(page, '5254');
    await waitText(page, '#record', /^40\. 5254$/);
    assert.equal(await page.inputValue('#fen'), '8/5k2/8/8/4P3/8/8/4K3 b - - 0 40');
    assert.deepEqual(page.jsErrors, []);
  });
}

test('a file with several games opens from disk (not UTF-8), lists them, and is saved back', async () => {
  const page = await openPage(chromium.context);
  // odds.pgn: 32 games (as `iccf convert` counts them) in Latin-1 ("François André Philidor").
  await page.setInputFiles('#open-file', testdata('pgn/pgn-extract/odds.pgn').pathname);
  await waitText(page, '#status', /^odds\.pgn: game 1 loaded/);
  const options = await page.$$eval('#game-choice option', (o) => o.map((x) => x.textContent));
  assert.equal(options.length, 32);
  assert.equal(await page.isVisible('#game-choice'), true);
  assert.match(options.join('\n'), /François André Philidor/);
  assert.match(await page.inputValue('#paste-text'), /François André Philidor/);
  await page.selectOption('#game-choice', '2');
  await waitText(page, '#status', /^game 3 loaded/);
  const info = await page.textContent('#game-info');
  const download = page.waitForEvent('download');
  await page.click('#save-file');
  const file = await download;
  assert.equal(file.suggestedFilename(), 'odds.pgn');
  const saved = readFileSync(await file.path(), 'utf8');
  assert.match(saved, /^\[Event /);
  // What was saved opens as the same game.
  await paste(page, saved);
  await waitText(page, '#status', /^game 1 loaded/);
  assert.equal(await page.textContent('#game-info'), info);
  assert.deepEqual(page.jsErrors, []);
});

test('a game file dropped on the page opens', async () => {
  const page = await openPage(chromium.context, { width: 390, height: 844 });
  const text = readFileSync(testdata('pgn/iccf/ostinato-everitt-wang-iccf-1997.pgn'), 'utf8');
  const drop = await page.evaluateHandle((content) => {
    const data = new DataTransfer();
    data.items.add(new File([content], 'everitt-wang.pgn', { type: 'application/x-chess-pgn' }));
    return data;
  }, text);
  await page.dispatchEvent('body', 'dragover', { dataTransfer: drop });
  assert.equal(await page.evaluate(() => document.body.classList.contains('dropping')), true);
  await page.dispatchEvent('body', 'drop', { dataTransfer: drop });
  await waitText(page, '#status', /^everitt-wang\.pgn: game 1 loaded: 108 moves/);
  assert.equal(await page.evaluate(() => document.body.classList.contains('dropping')), false);
  assert.match(await page.textContent('#game-info'), /Everitt/);
});

test('the address holds the position and line: a link reopens it, a reload keeps the variations', async () => {
  const page = await openPage(chromium.context);
  for (const move of ['5254', '5755', '7163']) await typeMove(page, move);
  await waitText(page, '#record', /^1\. 5254 5755 2\. 7163$/);
  await page.click('#back');
  await page.click('#back');
  await typeMove(page, '3735');
  await waitText(page, '#record', /^1\. 5254 3735$/);
  await page.click('#back');
  await waitText(page, '#game-status', /^1\.\.\. black to move/);
  const address = page.url();
  assert.match(new globalThis.URL(address).hash, /^#moves=5254\.3735&ply=1$/);
  // A reload: the same position, the whole tree.
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await waitText(page, '#record', /^1\. 5254 3735$/);
  await waitText(page, '#game-status', /^1\.\.\. black to move/);
  assert.match(await page.textContent('#tree'), /7163/);
  // A link in another tab: the line, at that position.
  const other = await chromium.context.newPage();
  await other.goto(address);
  await other.waitForSelector('body[data-ready="true"]');
  await waitText(other, '#record', /^1\. 5254 3735$/);
  assert.equal(await pieceOn(other, '54'), 'P');
  assert.equal(await pieceOn(other, '35'), null);
  // With a start position.
  await other.goto(`${URL}#fen=${encodeURIComponent(ENDGAME)}&moves=5254`);
  await other.reload();
  await other.waitForSelector('body[data-ready="true"]');
  await waitText(other, '#record', /^40\. 5254$/);
  await page.close();
  await other.close();
});

for (const scheme of ['light', 'dark']) {
  test(`the board downloads as SVG and PNG with the numeric grid (${scheme})`, async () => {
    const page = await openPage(chromium.context, { colorScheme: scheme });
    await typeMove(page, '5254');
    await waitText(page, '#record', /^1\. 5254$/);
    await page.click('#flip');
    let download = page.waitForEvent('download');
    await page.click('#save-svg');
    let file = await download;
    assert.equal(file.suggestedFilename(), 'board-1.svg');
    const svg = readFileSync(await file.path(), 'utf8');
    assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.match(svg, /<title>Black to move/);
    for (const square of ['11', '18', '81', '88', '54']) assert.match(svg, new RegExp(`>${square}</text>`));
    download = page.waitForEvent('download');
    await page.click('#save-png');
    file = await download;
    assert.equal(file.suggestedFilename(), 'board-1.png');
    const png = readFileSync(await file.path());
    assert.deepEqual([...png.subarray(1, 4)], [...Buffer.from('PNG')]);
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    assert.ok(width >= 400 && width === height, `${width} × ${height}`);
    // Not blank: the PNG is far larger than an empty picture.
    assert.ok(png.length > 20000, `${png.length} bytes`);
    assert.deepEqual(page.jsErrors, []);
  });
}
