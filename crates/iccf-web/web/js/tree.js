// The game as a tree of numeric moves: each node's first child is the
// main continuation, the others are variations. The server checks every
// move; this only keeps them in order. Long lines are walked in loops,
// variations (rarely deep) by recursion.

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

  /** A tree from the server's line form (`/api/load`'s `tree`). */
  static fromJson(line) {
    const tree = new Tree();
    tree.root.after = (line && line.comments) || [];
    if (line) tree.attach(line, tree.root);
    return tree;
  }

  /** A tree holding one line of numeric moves. */
  static fromMoves(moves) {
    return Tree.fromJson({ nodes: moves.map((move) => ({ move })) });
  }

  attach(line, parent) {
    let at = parent;
    for (const json of line.nodes || []) {
      const node = this.newNode(json.move, at);
      Object.assign(node, { nags: json.nags || [], before: json.before || [], after: json.after || [] });
      for (const variation of json.variations || []) this.attach(variation, at);
      at = node;
    }
  }

  newNode(move, parent) {
    const node = new Node(move, parent);
    parent.children.push(node);
    this.byId.set(node.id, node);
    return node;
  }

  /** The server's line form of the whole tree. */
  toJson() {
    const line = this.lineFrom(this.root.children[0]);
    if (this.root.after.length) line.comments = this.root.after;
    return line;
  }

  lineFrom(first) {
    const nodes = [];
    for (let node = first; node; node = node.children[0]) {
      const json = { move: node.move };
      if (node.nags.length) json.nags = node.nags;
      if (node.before.length) json.before = node.before;
      if (node.after.length) json.after = node.after;
      // A line's first move was already listed as a variation of the main one.
      const others = node.parent && node.isMain() ? node.parent.children.slice(1) : [];
      if (others.length) json.variations = others.map((v) => this.lineFrom(v));
      nodes.push(json);
    }
    return { nodes };
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
