// Issue 21: the board as an analysis board. Variations instead of lost
// moves, undo and delete, a pasted game's comments, NAGs and variations
// kept, shown and exported; at phone and desktop width, light and dark.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { launch, openPage, paste, pieceOn, typeMove } from './browser.mjs';

let chromium;
before(async () => { chromium = await launch(); });
after(async () => { await chromium.close(); });

const waitText = (page, selector, pattern) => page.waitForFunction(
  ([s, p]) => new RegExp(p).test(document.querySelector(s).textContent), [selector, pattern.source], { timeout: 10000 });
/** The tree as text: moves, numbers, comments, variations in brackets. */
const treeText = (page) => page.$eval('#tree', (t) => t.innerText.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim());
const clickMove = (page, id) => page.click(`#tree button.move[data-id="${id}"]`);
/** The id of the tree's button for `move` (the nth such). */
const moveId = (page, move, nth = 0) => page.$$eval('#tree button.move',
  (bs, [m, n]) => bs.filter((b) => b.textContent.replace(/[!?$\d]*$/, '') === m || b.textContent === m)[n]?.dataset.id, [move, nth]);

async function playAll(page, moves, record) {
  for (const move of moves) await typeMove(page, move);
  await waitText(page, '#record', new RegExp(`^${record.replace(/\./g, '\\.')}$`));
}

for (const [width, scheme] of [[390, 'light'], [1280, 'dark']]) {
  test(`a move after stepping back starts a variation; undo, delete, promote (${width} px, ${scheme})`, async () => {
    const page = await openPage(chromium.context, { width, height: 900, colorScheme: scheme });
    await playAll(page, ['5254', '5755', '7163'], '1. 5254 5755 2. 7163');
    // Two back, then another move: the old line stays, the new one is a variation.
    await page.click('#back');
    await page.click('#back');
    await waitText(page, '#game-status', /^1\.\.\. black to move/);
    await typeMove(page, '3735');
    await waitText(page, '#record', /^1\. 5254 3735$/);
    assert.match(await page.textContent('#status'), /a new variation/);
    assert.equal(await treeText(page), '1. 5254 5755 (1... 3735) 2. 7163');
    assert.equal(await page.$$eval('#tree .variation', (v) => v.length), 1);
    // The old line is one click away.
    await clickMove(page, await moveId(page, '7163'));
    await waitText(page, '#record', /^1\. 5254 5755 2\. 7163$/);
    assert.equal(await pieceOn(page, '63'), 'N');
    // Promote the variation: it becomes the main line.
    await clickMove(page, await moveId(page, '3735'));
    await waitText(page, '#record', /^1\. 5254 3735$/);
    await page.click('#promote');
    await waitText(page, '#status', /variation promoted/);
    assert.equal(await treeText(page), '1. 5254 3735 (1... 5755 2. 7163)');
    // Delete it, then undo twice: promoted again, then as before.
    await page.click('#delete');
    await waitText(page, '#status', /deleted/);
    assert.equal(await treeText(page), '1. 5254 5755 2. 7163');
    assert.equal(await page.textContent('#record'), '1. 5254 5755 2. 7163');
    await page.click('#undo');
    await waitText(page, '#tree', /3735/);
    assert.equal(await treeText(page), '1. 5254 3735 (1... 5755 2. 7163)');
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => !document.querySelector('#tree').innerText.includes('3735 ('));
    assert.equal(await treeText(page), '1. 5254 5755 (1... 3735) 2. 7163');
    // Playing a move that is there already goes to it, without a copy.
    await page.click('#to-start');
    await waitText(page, '#game-status', /^1\. white to move/);
    await typeMove(page, '5254');
    await waitText(page, '#game-status', /^1\.\.\. black to move/);
    assert.equal(await page.$$eval('#tree button.move', (b) => b.length), 4);
    assert.deepEqual(page.jsErrors, []);
    await page.screenshot({ path: `screenshots/tree-${width}-${scheme}.png`, fullPage: true });
  });
}

const ANNOTATED = `[Event "Club"]
[White "Anna"]
[Black "Boris"]
[Result "1-0"]

{Opening notes} 1. e4 {best by test} e5 2. Nf3 $1 Nc6 (2... d6 {Philidor} 3. d4 (3. Bc4 Be7) exd4) 3. Bb5 a6?! 1-0`;

test('a pasted game keeps its comments, NAGs and variations: shown, exported and saved', async () => {
  const page = await openPage(chromium.context, { width: 1280, height: 900, colorScheme: 'light' });
  await paste(page, ANNOTATED);
  await waitText(page, '#status', /game 1 loaded: 6 moves/);
  assert.equal(await treeText(page),
    'Opening notes 1. 5254 best by test 1... 5755 2. 7163! 2836 (2... 4746 Philidor 3. 4244 (3. 6134 6857) 3... 5544) 3. 6125 1716?!');
  assert.equal(await page.textContent('#tree .comment >> nth=2'), 'Philidor');
  // Into the variation by a click: the board follows.
  await clickMove(page, await moveId(page, '6134'));
  await waitText(page, '#record', /^1\. 5254 5755 2\. 7163 4746 3\. 6134 6857$/);
  assert.equal(await pieceOn(page, '34'), 'B');
  await page.screenshot({ path: 'screenshots/tree-annotated-1280-light.png' });
  // Exported in SAN, all of it comes along.
  await page.click('#export-panel summary');
  await page.selectOption('#export-notation', 'san');
  await page.click('#export');
  await page.waitForFunction(() => document.getElementById('export-text').value.includes('Philidor'));
  const exported = (await page.inputValue('#export-text')).replace(/\s+/g, ' ');
  assert.ok(exported.includes(
    '{Opening notes} 1. e4 {best by test} 1... e5 2. Nf3 $1 Nc6 (2... d6 {Philidor} 3. d4 (3. Bc4 Be7) 3... exd4) 3. Bb5 a6 $6 1-0'),
  exported);
  // Saved as a file, numeric, and read back the same.
  const download = page.waitForEvent('download');
  await page.click('#save-file');
  const saved = readFileSync(await (await download).path(), 'utf8');
  assert.match(saved, /\[White "Anna"\]/);
  assert.match(saved, /\(3\. 6134 6857\)/);
  await paste(page, saved);
  await waitText(page, '#status', /game 1 loaded: 6 moves/);
  assert.match(await treeText(page), /\(2\.\.\. 4746 Philidor 3\. 4244 \(3\. 6134 6857\) 3\.\.\. 5544\)/);
  assert.deepEqual(page.jsErrors, []);
});

test('the letters of a pasted game can be chosen on the page', async () => {
  const page = await openPage(chromium.context, { width: 390, height: 844, colorScheme: 'dark' });
  await paste(page, '1. h4 h5 2. Rh3 *');
  await waitText(page, '#record', /^1\. 8284 8785 2\. 8183$/);
  await page.selectOption('#paste-lang', 'fi');
  await page.click('#load');
  // In Finnish, R is the knight (ratsu): Rh3 is Ng1-h3.
  await waitText(page, '#record', /^1\. 8284 8785 2\. 7183$/);
  assert.equal(await pieceOn(page, '83'), 'N');
  assert.deepEqual(page.jsErrors, []);
});

for (const [width, scheme] of [[390, 'light'], [1280, 'dark']]) {
  test(`a comment written on a move is shown, undone and exported (${width} px, ${scheme})`, async () => {
    const page = await openPage(chromium.context, { width, height: 900, colorScheme: scheme });
    await playAll(page, ['5254', '5755'], '1. 5254 5755');
    await page.click('#back');
    await waitText(page, '#game-status', /^1\.\.\. black to move/);
    await page.fill('#comment', 'the best first move');
    await page.click('#forward');
    await waitText(page, '#tree', /best first move/);
    await waitText(page, '#game-status', /^2\. white to move/);
    assert.equal(await treeText(page), '1. 5254 the best first move 1... 5755');
    assert.equal(await page.inputValue('#comment'), '');
    await page.click('#export-panel summary');
    await page.click('#export');
    await page.waitForFunction(() => document.getElementById('export-text').value.includes('{the best first move}'));
    await page.click('#undo');
    await page.waitForFunction(() => !document.getElementById('tree').textContent.includes('best'));
    assert.deepEqual(page.jsErrors, []);
  });
}
