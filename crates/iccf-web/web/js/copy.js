// Copying text and offering it as a file to save.

/** Copies `text` to the clipboard (or selects it where that is refused). */
export async function copyText(text, app) {
  try {
    await navigator.clipboard.writeText(text);
    app.status('copied', 'info');
  } catch {
    app.status('the browser refused the clipboard: select the text and copy it', 'warn');
  }
}

let lastUrl = null;

/** Points link `a` at `text` as a file named `name`. */
export function saveLink(a, text, name) {
  if (lastUrl) URL.revokeObjectURL(lastUrl);
  lastUrl = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  a.href = lastUrl;
  a.download = name;
}
