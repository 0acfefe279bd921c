// The position and line in the address (`#fen=...&moves=5254.5755&ply=2`),
// so that a link opens them; the whole game kept for this tab, so that a
// reload keeps the work.

const WORK_KEY = 'iccf-work';

/** Keeps the address and the tab's copy of the game up to date with `app`. */
export function setupPersist(app) {
  app.listeners.push(() => {
    const params = new URLSearchParams();
    if (app.fen) params.set('fen', app.fen);
    if (app.moves.length) params.set('moves', app.moves.join('.'));
    if (app.ply !== app.moves.length) params.set('ply', String(app.ply));
    const hash = params.toString();
    history.replaceState(null, '', `${location.pathname}${location.search}${hash ? `#${hash}` : ''}`);
    try {
      sessionStorage.setItem(WORK_KEY, JSON.stringify(app.snapshot()));
    } catch {
      // Storage full or off: the address still has the line.
    }
  });
}

/**
 * The game to start with: the tab's own game when the address shows a
 * position in it (a reload), else the line in the address (a link), else
 * null (a new game).
 */
export function savedGame() {
  const params = new URLSearchParams(location.hash.slice(1));
  const fen = params.get('fen') || null;
  const moves = (params.get('moves') || '').split('.').filter(Boolean);
  const ply = params.has('ply') ? Number(params.get('ply')) || 0 : null;
  let work = null;
  try {
    work = JSON.parse(sessionStorage.getItem(WORK_KEY));
  } catch {
    work = null;
  }
  if (work && (work.fen || null) === fen && contains(work.tree, moves)) return { ...work, at: moves, ply };
  if (fen || moves.length) return { fen, moves, at: moves, ply };
  return null;
}

/** Whether `moves` from the start is a line of the tree (the server's flat form). */
function contains(tree, moves) {
  const nodes = (tree && tree.nodes) || [];
  let at = null;
  for (const move of moves) {
    const next = nodes.findIndex((n) => (n.parent ?? null) === at && n.move === move);
    if (next < 0) return false;
    at = next;
  }
  return true;
}
