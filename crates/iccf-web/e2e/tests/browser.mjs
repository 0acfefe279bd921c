// One headless Chromium for the tests, the Debian package's, with a fresh
// profile; the server's address comes from ICCF_URL (run.sh starts it).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const URL = process.env.ICCF_URL;
if (!URL) throw new Error('ICCF_URL is not set: run the tests with run.sh');

/** Starts Chromium; call `close()` on what it returns. */
export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), 'iccf-e2e-'));
  // Playwright passes the fresh profile as --user-data-dir.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A new page on the app at `width` × `height` in `colorScheme`, ready (the start position drawn). */
export async function openPage(context, { width = 1280, height = 900, colorScheme = 'light' } = {}) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme });
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(URL);
  await page.waitForSelector('body[data-ready="true"]');
  page.jsErrors = errors;
  return page;
}

/** The piece letter on a numeric square, or null. */
export async function pieceOn(page, square) {
  const piece = await page.$(`#board g.piece[data-square="${square}"]`);
  return piece ? piece.getAttribute('data-piece') : null;
}

/** Types digits into the move entry, as a person would. */
export async function typeMove(page, text) {
  await page.focus('#entry');
  await page.keyboard.type(text);
}

/** Pastes `text` and loads it. */
export async function paste(page, text) {
  await page.fill('#paste-text', text);
  await page.click('#load');
}
