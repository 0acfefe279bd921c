// Issue 21: the desk for all games, `iccf serve --games DIR`, on a copy of
// the real test folder: listed as `iccf status` lists it, a game opened,
// a received .eml checked and recorded, our move's card composed, and the
// file written back as `iccf check --apply` and `iccf card` write it.

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launch } from './browser.mjs';

const BIN = process.env.ICCF_BIN;
const testdata = (path) => new URL(`../../../../testdata/${path}`, import.meta.url).pathname;

let chromium;
let server;
let address;
let dir;
before(async () => {
  chromium = await launch();
  dir = mkdtempSync(join(tmpdir(), 'iccf-games-'));
  cpSync(testdata('corr/folder/games'), dir, { recursive: true });
  server = spawn(BIN, ['serve', '--port', '0', '--games', dir], { env: { ...process.env, TZ: 'UTC' } });
  address = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const found = out.match(/the page is at (http:\/\/\S+)/);
      if (found) resolve(found[1]);
    });
    server.on('exit', (code) => reject(new Error(`iccf serve --games stopped (${code}): ${out}`)));
  });
});
after(async () => {
  server.kill();
  await chromium.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openDesk({ width, colorScheme }) {
  const page = await chromium.context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.emulateMedia({ colorScheme });
  page.jsErrors = [];
  page.on('pageerror', (err) => page.jsErrors.push(err.message));
  await page.goto(address);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('#folder-games tbody tr');
  return page;
}

/** `iccf status --json` of `folder`, in its order. */
function status(folder) {
  const out = execFileSync(BIN, ['status', '--json', folder], { env: { ...process.env, TZ: 'UTC' } }).toString();
  return out.trim().split('\n').map((line) => JSON.parse(line));
}

for (const [width, scheme] of [[1280, 'light'], [390, 'dark']]) {
  test(`the games folder is listed as iccf status lists it (${width} px, ${scheme})`, async () => {
    const page = await openDesk({ width, colorScheme: scheme });
    const rows = await page.$$eval('#folder-games tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
    const expected = status(dir);
    assert.equal(rows.length, expected.length);
    assert.deepEqual(rows.map((r) => r[0]), expected.map((e) => e.file));
    for (const [i, e] of expected.entries()) {
      const s = e.status;
      assert.match(rows[i][2], new RegExp(`\\(we ${s.side}\\)$`));
      if (s.to_move) assert.equal(rows[i][3], `${s.to_move === s.side ? 'our' : 'their'} move, ${s.waiting || 0} days`);
      assert.equal(rows[i][7], s.deadline || '');
      assert.equal(rows[i][8] === '', s.alerts.length === 0, `${e.file}: ${rows[i][8]}`);
    }
    assert.match(await page.textContent('#folder-summary'), new RegExp(`^${expected.length} games`));
    assert.deepEqual(page.jsErrors, []);
    // The folder's top: the most urgent games.
    const box = await page.locator('#folder').boundingBox();
    await page.screenshot({ path: `screenshots/folder-${width}-${scheme}.png`, fullPage: true,
      clip: { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, 760) } });
    await page.close();
  });
}

test('a game opened from the folder, a dropped .eml checked and recorded, our card composed, written back', async () => {
  const page = await openDesk({ width: 1280, colorScheme: 'light' });
  const file = join(dir, 'sicilian-b.pgn');
  const before = readFileSync(file, 'utf8');
  // "We play: Black" left from another game would contradict this file
  // (we play White): opening it resets the choice to the file's.
  await page.selectOption('#desk-side', 'black');
  await page.click('#folder-games button:text-is("sicilian-b.pgn")');
  await page.waitForFunction(() => /opened$/.test(document.getElementById('status').textContent));
  assert.equal(await page.inputValue('#desk-game'), before);
  assert.match(await page.textContent('#desk-summary'), /move 3\.\.\. is due from them/);
  assert.equal(await page.inputValue('#desk-side'), '');
  // Their e-mail, as saved by the mail program, opened into the desk.
  await page.setInputFiles('#desk-message-file', testdata('corr/folder/messages/02.eml'));
  await page.waitForFunction(() => document.getElementById('desk-message').value.length > 0);
  await page.check('#desk-apply');
  await page.click('#desk-check');
  await page.waitForFunction(() => /recorded/.test(document.getElementById('findings').textContent)
    || /3544/.test(document.getElementById('record').textContent));
  await page.waitForFunction(() => !document.getElementById('desk-write').disabled);
  assert.equal(readFileSync(file, 'utf8'), before, 'nothing written before Write');
  await page.click('#desk-write');
  await page.waitForFunction(() => /written$/.test(document.getElementById('status').textContent));
  // The same file `iccf check --apply` writes.
  const copy = mkdtempSync(join(tmpdir(), 'iccf-check-'));
  cpSync(testdata('corr/folder/games/sicilian-b.pgn'), join(copy, 'sicilian-b.pgn'));
  execFileSync(BIN, ['check', join(copy, 'sicilian-b.pgn'), testdata('corr/folder/messages/02.eml'), '--apply'],
    { env: { ...process.env, TZ: 'UTC' } });
  assert.equal(readFileSync(file, 'utf8'), readFileSync(join(copy, 'sicilian-b.pgn'), 'utf8'));
  rmSync(copy, { recursive: true, force: true });
  // Now our move: played on the board, its card composed, the file written.
  await page.waitForFunction(() => document.querySelector('#folder-games tr[data-file="sicilian-b.pgn"] td:nth-child(4)').textContent.startsWith('our move'));
  await page.focus('#entry');
  await page.keyboard.type('6344');
  await page.waitForFunction(() => document.getElementById('desk-move').value === '6344');
  await page.click('#desk-compose');
  await page.waitForFunction(() => /6344/.test(document.getElementById('desk-card').textContent));
  await page.click('#desk-write');
  await page.waitForFunction(() => /written$/.test(document.getElementById('status').textContent));
  assert.match(readFileSync(file, 'utf8'), /4\. 6344/);
  // The save link is this game's, under its name; another game opened,
  // it goes (it saved the old game's text under the new name).
  assert.equal(await page.getAttribute('#desk-save', 'download'), 'sicilian-b.pgn');
  await page.click('#folder-games button:text-is("reti.pgn")');
  await page.waitForFunction(() => /reti\.pgn opened$/.test(document.getElementById('status').textContent));
  assert.equal(await page.isVisible('#desk-save'), false);
  assert.deepEqual(page.jsErrors, []);
  await page.close();
});

test('an e-mail dropped on the page goes to the desk as their message', async () => {
  const page = await openDesk({ width: 390, colorScheme: 'light' });
  const eml = readFileSync(testdata('corr/folder/messages/03.eml'), 'utf8');
  const drop = await page.evaluateHandle((content) => {
    const data = new DataTransfer();
    data.items.add(new File([content], '03.eml', { type: 'message/rfc822' }));
    return data;
  }, eml);
  await page.dispatchEvent('body', 'drop', { dataTransfer: drop });
  await page.waitForFunction(() => document.getElementById('desk-message').value.length > 0);
  // The text area keeps lines apart with \n only.
  assert.equal(await page.inputValue('#desk-message'), eml.replace(/\r\n/g, '\n'));
  assert.match(await page.textContent('#status'), /^03\.eml: the message is in the desk/);
  await page.close();
});
