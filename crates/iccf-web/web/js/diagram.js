// The board as a picture: the SVG diagram of `iccf board --svg` (numeric
// grid, last move marked) from the server, or that picture drawn as PNG.

import { post } from './api.js';
import { download } from './files.js';

const $ = (id) => document.getElementById(id);

/** Wires the SVG and PNG buttons to `app`. */
export function setupDiagram(app) {
  $('save-svg').addEventListener('click', () => saveSvg(app));
  $('save-png').addEventListener('click', () => savePng(app));
}

async function diagram(app) {
  const { svg } = await post('/api/diagram', { ...app.line(), ply: app.ply, flipped: app.flipped });
  return svg;
}

/** `board-12.svg`: named by the move shown. */
function fileName(app, ext) {
  return `board-${app.ply}.${ext}`;
}

async function saveSvg(app) {
  try {
    download(new Blob([await diagram(app)], { type: 'image/svg+xml' }), fileName(app, 'svg'));
  } catch (err) {
    app.status(`no diagram: ${err.message}`, 'error');
  }
}

async function savePng(app) {
  try {
    const svg = await diagram(app);
    // A data: address, which the page's policy lets images load from.
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    await image.decode();
    const scale = 2;
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth * scale;
    canvas.height = image.naturalHeight * scale;
    canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
    const png = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    download(png, fileName(app, 'png'));
  } catch (err) {
    app.status(`no diagram: ${err.message}`, 'error');
  }
}
