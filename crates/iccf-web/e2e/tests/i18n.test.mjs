// Issue 21: the page in the seven languages of the cards, picked from the
// browser's languages, switchable, remembered across reloads.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { URL, launch, typeMove } from './browser.mjs';

let chromium;
before(async () => { chromium = await launch(); });
after(async () => { await chromium.close(); });

/** A page whose browser prefers `languages`. */
async function openIn(languages, { width = 1280, colorScheme = 'light' } = {}) {
  const page = await chromium.context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.emulateMedia({ colorScheme });
  await page.addInitScript((langs) => {
    Object.defineProperty(navigator, 'languages', { get: () => langs });
    Object.defineProperty(navigator, 'language', { get: () => langs[0] });
  }, languages);
  page.jsErrors = [];
  page.on('pageerror', (err) => page.jsErrors.push(err.message));
  await page.goto(URL);
  await page.evaluate(() => localStorage.removeItem('iccf-ui-lang'));
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

const text = (page, selector) => page.textContent(selector);

for (const [width, scheme] of [[390, 'dark'], [1280, 'light']]) {
  test(`the browser's language is picked: German, then Russian chosen and kept (${width} px, ${scheme})`, async () => {
    const page = await openIn(['de-AT', 'en'], { width, colorScheme: scheme });
    assert.equal(await page.getAttribute('html', 'lang'), 'de');
    assert.equal(await page.inputValue('#ui-lang'), 'de');
    assert.equal(await text(page, '#new-game'), 'Neue Partie');
    assert.equal(await text(page, '#game-status'), '1. Weiß am Zug');
    assert.equal(await page.getAttribute('#back', 'aria-label'), 'Zurück');
    assert.match(await text(page, '#keys'), /^Tasten: Ziffern/);
    assert.equal(await page.$$eval('#keys kbd', (k) => k.length), 8);
    // Moves stay numeric; the words around them change.
    await typeMove(page, '5254');
    await page.waitForFunction(() => document.getElementById('game-status').textContent === '1... Schwarz am Zug');
    // Switched: at once, and after a reload.
    await page.selectOption('#ui-lang', 'ru');
    await page.waitForFunction(() => document.documentElement.lang === 'ru');
    assert.equal(await text(page, '#new-game'), 'Новая партия');
    assert.equal(await text(page, '#game-status'), '1... ход чёрных');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.inputValue('#ui-lang'), 'ru');
    assert.equal(await text(page, '#flip'), 'Перевернуть');
    assert.deepEqual(page.jsErrors, []);
    await page.evaluate(() => localStorage.removeItem('iccf-ui-lang'));
    await page.close();
  });
}

test('each of the seven languages has every word, different from English', async () => {
  const page = await openIn(['en-GB']);
  assert.equal(await page.inputValue('#ui-lang'), 'en');
  const codes = await page.$$eval('#ui-lang option', (o) => o.map((x) => x.value));
  assert.deepEqual(codes, ['en', 'de', 'fr', 'es', 'it', 'cs', 'ru']);
  const english = await page.$$eval('[data-i18n]', (els) => els.map((e) => e.textContent));
  for (const code of codes.slice(1)) {
    const missing = await page.evaluate(async (c) => {
      const { keys } = await import('/js/i18n.js');
      const all = await keys('en');
      const have = new Set(await keys(c));
      return all.filter((k) => !have.has(k));
    }, code);
    assert.deepEqual(missing, [], `${code} lacks words`);
    await page.selectOption('#ui-lang', code);
    await page.waitForFunction((c) => document.documentElement.lang === c, code);
    const words = await page.$$eval('[data-i18n]', (els) => els.map((e) => e.textContent));
    assert.equal(words.length, english.length);
    const same = words.filter((w, i) => w === english[i] && !/^(SVG|PNG|File|Game|Export)$/.test(w));
    assert.ok(same.length <= 3, `${code}: still English: ${same.join(', ')}`);
    assert.ok(words.every((w) => w.trim() !== ''), code);
  }
  // A language the page does not have: English.
  const other = await openIn(['ja-JP', 'pt-BR']);
  assert.equal(await other.inputValue('#ui-lang'), 'en');
  assert.equal(await text(other, '#new-game'), 'New game');
  await page.evaluate(() => localStorage.removeItem('iccf-ui-lang'));
  await page.close();
  await other.close();
});

test('end of game and draw claims in the chosen language', async () => {
  const page = await openIn(['fr-FR']);
  await page.fill('#paste-text', '1. f3 e5 2. g4 Qh4# 0-1');
  await page.click('#load');
  await page.waitForFunction(() => document.getElementById('game-status').textContent === 'échec et mat : les Noirs gagnent');
  await page.selectOption('#ui-lang', 'cs');
  await page.waitForFunction(() => document.documentElement.lang === 'cs');
  assert.equal(await text(page, '#game-status'), 'mat: vyhrává Černý');
  await page.fill('#paste-text', '1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *');
  await page.click('#load');
  await page.waitForFunction(() => /lze požadovat remízu \(trojnásobné opakování\)/.test(document.getElementById('game-status').textContent));
  await page.evaluate(() => localStorage.removeItem('iccf-ui-lang'));
  await page.close();
});

test('only the chosen language is fetched: the page stays light', async () => {
  const fetched = [];
  const page = await chromium.context.newPage();
  const origins = new Set();
  page.on('request', (r) => {
    const url = new globalThis.URL(r.url());
    origins.add(url.origin);
    fetched.push(url.pathname);
  });
  await page.addInitScript(() => Object.defineProperty(navigator, 'languages', { get: () => ['it-IT'] }));
  await page.goto(URL);
  await page.waitForSelector('body[data-ready="true"]');
  assert.deepEqual(fetched.filter((p) => p.startsWith('/js/lang/')), ['/js/lang/it.js']);
  assert.equal(await text(page, '#new-game'), 'Nuova partita');
  // Everything from this server, nothing from elsewhere.
  assert.deepEqual([...origins], [new globalThis.URL(URL).origin]);
  await page.close();
});
