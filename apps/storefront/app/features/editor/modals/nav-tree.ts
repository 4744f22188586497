import type { NavigationItem, NavigationItemInput } from "@shop/contracts";

/**
 * The navigation editor's tree (SPEC §2 navigation sets): items with a local key while editing,
 * moved up, down, in (under the item above) and out (after their parent). Every change answers a
 * new tree; the old one is left as it was, so React sees the change.
 */
export interface NavNode {
  key: string;
  title: string;
  type: "link" | "linkless";
  url: string | null;
  children: NavNode[];
}

/** How deep menus nest: the header's dropdowns show two levels below the top. */
export const NAV_MAX_DEPTH = 3;

let counter = 0;
export function newKey(): string {
  counter += 1;
  return `new-${counter}`;
}

export function fromItems(items: readonly NavigationItem[]): NavNode[] {
  return items.map((item) => ({
    key: `item-${item.id}`,
    title: item.title,
    type: item.type,
    url: item.type === "link" ? item.url : null,
    children: fromItems(item.children),
  }));
}

export function toInput(nodes: readonly NavNode[]): NavigationItemInput[] {
  return nodes.map((node) => ({
    title: node.title.trim(),
    type: node.type,
    url: node.type === "link" ? node.url : null,
    children: toInput(node.children),
  }));
}

interface Place {
  siblings: NavNode[];
  index: number;
  parent: NavNode | null;
  /** The parent's own place, for moving out. */
  parentPlace: Place | null;
  depth: number;
}

function locate(
  siblings: NavNode[],
  key: string,
  parent: NavNode | null = null,
  parentPlace: Place | null = null,
  depth = 1,
): Place | null {
  for (let index = 0; index < siblings.length; index += 1) {
    const node = siblings[index] as NavNode;
    const place: Place = { siblings, index, parent, parentPlace, depth };
    if (node.key === key) return place;
    const found = locate(node.children, key, node, place, depth + 1);
    if (found) return found;
  }
  return null;
}

function copy(nodes: readonly NavNode[]): NavNode[] {
  return nodes.map((node) => ({ ...node, children: copy(node.children) }));
}

/** The depth of a node's deepest descendant, counting the node as 1. */
function height(node: NavNode): number {
  return 1 + Math.max(0, ...node.children.map(height));
}

function change(tree: readonly NavNode[], key: string, edit: (place: Place, node: NavNode) => boolean): NavNode[] {
  const next = copy(tree);
  const place = locate(next, key);
  if (!place) return tree as NavNode[];
  return edit(place, place.siblings[place.index] as NavNode) ? next : (tree as NavNode[]);
}

export function canMove(tree: readonly NavNode[], key: string): { up: boolean; down: boolean; indent: boolean; outdent: boolean } {
  const place = locate(tree as NavNode[], key);
  if (!place) return { up: false, down: false, indent: false, outdent: false };
  const node = place.siblings[place.index] as NavNode;
  return {
    up: place.index > 0,
    down: place.index < place.siblings.length - 1,
    indent: place.index > 0 && place.depth + height(node) <= NAV_MAX_DEPTH,
    outdent: place.parent !== null,
  };
}

export function moveUp(tree: readonly NavNode[], key: string): NavNode[] {
  return change(tree, key, ({ siblings, index }, node) => {
    if (index === 0) return false;
    siblings.splice(index, 1);
    siblings.splice(index - 1, 0, node);
    return true;
  });
}

export function moveDown(tree: readonly NavNode[], key: string): NavNode[] {
  return change(tree, key, ({ siblings, index }, node) => {
    if (index >= siblings.length - 1) return false;
    siblings.splice(index, 1);
    siblings.splice(index + 1, 0, node);
    return true;
  });
}

/** Under the item above, as its last child. */
export function indent(tree: readonly NavNode[], key: string): NavNode[] {
  if (!canMove(tree, key).indent) return tree as NavNode[];
  return change(tree, key, ({ siblings, index }, node) => {
    const above = siblings[index - 1] as NavNode;
    siblings.splice(index, 1);
    above.children.push(node);
    return true;
  });
}

/** Out of its parent, right after it. */
export function outdent(tree: readonly NavNode[], key: string): NavNode[] {
  return change(tree, key, ({ siblings, index, parentPlace }, node) => {
    if (!parentPlace) return false;
    siblings.splice(index, 1);
    parentPlace.siblings.splice(parentPlace.index + 1, 0, node);
    return true;
  });
}

export function remove(tree: readonly NavNode[], key: string): NavNode[] {
  return change(tree, key, ({ siblings, index }) => {
    siblings.splice(index, 1);
    return true;
  });
}

export function update(tree: readonly NavNode[], key: string, patch: Partial<Omit<NavNode, "key" | "children">>): NavNode[] {
  return change(tree, key, (_place, node) => {
    Object.assign(node, patch);
    if (node.type === "linkless") node.url = null;
    return true;
  });
}

/** A new item at the end of the top level, or of `parentKey`'s children. */
export function add(tree: readonly NavNode[], node: NavNode, parentKey?: string): NavNode[] {
  if (!parentKey) return [...copy(tree), node];
  return change(tree, parentKey, (place, parent) => {
    if (place.depth >= NAV_MAX_DEPTH) return false;
    parent.children.push(node);
    return true;
  });
}

/** The keys of items that cannot be saved: no title, or a link without a target. */
export function invalidKeys(tree: readonly NavNode[]): string[] {
  return tree.flatMap((node) => [
    ...(node.title.trim() === "" || (node.type === "link" && !node.url?.trim()) ? [node.key] : []),
    ...invalidKeys(node.children),
  ]);
}

/** The items in display order with their depth, for a flat, keyboard-friendly list. */
export function flatten(tree: readonly NavNode[], depth = 1): { node: NavNode; depth: number }[] {
  return tree.flatMap((node) => [{ node, depth }, ...flatten(node.children, depth + 1)]);
}
