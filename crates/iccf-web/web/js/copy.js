// Copying text and offering it as a file to save.

import { t } from './i18n.js';

/** Copies `text` to the clipboard, or says to copy it by hand where the browser refuses. */
export async function copyText(text, app) {
  try {
    await navigator.clipboard.writeText(text);
    app.status(t('copied'), 'info');
  } catch {
    app.status('the browser refused the clipboard: select the text and copy it', 'warn');
  }
}

const lastUrls = new Map();

/** Points link `a` at `text` as a file named `name`. */
export function saveLink(a, text, name) {
  if (lastUrls.has(a)) URL.revokeObjectURL(lastUrls.get(a));
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  lastUrls.set(a, url);
  a.href = url;
  a.download = name;
  a.hidden = false;
}
