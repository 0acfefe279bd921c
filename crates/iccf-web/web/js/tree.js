// The game as a tree of numeric moves: each node's first child is the
// main continuation, the others are variations. The server checks every
// move; this only keeps them in order. It travels as the server's flat
// list (each move with the index of the one it follows), walked in loops.

let nextId = 1;

class Node {
  constructor(move, parent) {
    this.id = nextId++;
    this.move = move;
    this.parent = parent;
    this.children = [];
    this.nags = [];
    this.before = [];
    this.after = [];
  }

  /** Whether this node is its parent's main continuation. */
  isMain() {
    return !this.parent || this.parent.children[0] === this;
  }
}

export class Tree {
  constructor() {
    this.root = new Node(null, null);
    this.byId = new Map([[this.root.id, this.root]]);
  }

  /** A tree from the server's flat form (`/api/load`'s `tree`); a parent not before its move is skipped. */
  static fromJson(json) {
    const tree = new Tree();
    tree.root.after = (json && json.comments) || [];
    const made = [];
    for (const n of (json && json.nodes) || []) {
      const parent = n.parent === null || n.parent === undefined ? tree.root : made[n.parent];
      const node = parent ? tree.newNode(n.move, parent) : null;
      if (node) Object.assign(node, { nags: n.nags || [], before: n.before || [], after: n.after || [] });
      made.push(node);
    }
    return tree;
  }

  /** A tree holding one line of numeric moves. */
  static fromMoves(moves) {
    return Tree.fromJson({ nodes: moves.map((move, i) => ({ move, parent: i ? i - 1 : null })) });
  }

  newNode(move, parent) {
    const node = new Node(move, parent);
    parent.children.push(node);
    this.byId.set(node.id, node);
    return node;
  }

  /** The server's flat form of the whole tree: each move after the one it follows, siblings in order. */
  toJson() {
    const nodes = [];
    const index = new Map([[this.root, null]]);
    // Depth first, siblings in order: a parent is always listed before its moves.
    const stack = [...this.root.children].reverse();
    while (stack.length) {
      const node = stack.pop();
      const json = { move: node.move, parent: index.get(node.parent) };
      if (node.nags.length) json.nags = node.nags;
      if (node.before.length) json.before = node.before;
      if (node.after.length) json.after = node.after;
      index.set(node, nodes.length);
      nodes.push(json);
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    }
    const json = { nodes };
    if (this.root.after.length) json.comments = this.root.after;
    return json;
  }

  /** The moves from the start to `node`. */
  path(node) {
    const moves = [];
    for (let at = node; at.parent; at = at.parent) moves.push(at);
    return moves.reverse();
  }

  /** The nodes of the line through `node`: its path, then its main continuation. */
  lineThrough(node) {
    const nodes = this.path(node);
    for (let at = node.children[0]; at; at = at.children[0]) nodes.push(at);
    return nodes;
  }

  /** The node reached by `moves` from the start, or null. */
  find(moves) {
    let at = this.root;
    for (const move of moves) {
      at = at.children.find((c) => c.move === move);
      if (!at) return null;
    }
    return at;
  }

  /** The child of `parent` playing `move`: the one there, else a new one (a variation if it has siblings). */
  play(parent, move) {
    return parent.children.find((c) => c.move === move) || this.newNode(move, parent);
  }

  /** Makes the variation `node` is in the main line where it branches; false when it is already main. */
  promote(node) {
    let at = node;
    while (at.parent && at.isMain()) at = at.parent;
    if (!at.parent) return false;
    const siblings = at.parent.children;
    siblings.splice(siblings.indexOf(at), 1);
    siblings.unshift(at);
    return true;
  }

  /** Removes `node` and all that follows it; its parent. */
  remove(node) {
    const siblings = node.parent.children;
    siblings.splice(siblings.indexOf(node), 1);
    const gone = [node];
    while (gone.length) {
      const next = gone.pop();
      this.byId.delete(next.id);
      gone.push(...next.children);
    }
    return node.parent;
  }
}

/** `!`, `?`, ... for NAGs 1 to 6, `$n` for the others. */
export function nagText(nag) {
  return ['', '!', '?', '!!', '??', '!?', '?!'][nag] || `$${nag}`;
}
