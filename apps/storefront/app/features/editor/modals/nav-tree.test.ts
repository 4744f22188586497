import type { NavigationItem } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import {
  add,
  canMove,
  flatten,
  fromItems,
  indent,
  invalidKeys,
  moveDown,
  moveUp,
  type NavNode,
  outdent,
  remove,
  toInput,
  update,
} from "./nav-tree.ts";

const node = (key: string, children: NavNode[] = []): NavNode => ({ key, title: key.toUpperCase(), type: "linkless", url: null, children });
const shape = (tree: NavNode[]): unknown => tree.map((n) => (n.children.length ? { [n.key]: shape(n.children) } : n.key));

describe("navigation tree", () => {
  const tree = [node("a"), node("b", [node("b1"), node("b2")]), node("c")];

  it("moves up and down among siblings, and not past either end", () => {
    expect(shape(moveUp(tree, "c"))).toEqual(["a", "c", { b: ["b1", "b2"] }]);
    expect(shape(moveDown(tree, "b1"))).toEqual(["a", { b: ["b2", "b1"] }, "c"]);
    expect(moveUp(tree, "a")).toBe(tree);
    expect(moveDown(tree, "b2")).toBe(tree);
  });

  it("indents under the item above and outdents after the parent", () => {
    expect(shape(indent(tree, "c"))).toEqual(["a", { b: ["b1", "b2", "c"] }]);
    expect(shape(indent(tree, "b2"))).toEqual(["a", { b: [{ b1: ["b2"] }] }, "c"]);
    expect(shape(outdent(tree, "b1"))).toEqual(["a", { b: ["b2"] }, "b1", "c"]);
    expect(indent(tree, "a")).toBe(tree);
    expect(outdent(tree, "a")).toBe(tree);
  });

  it("refuses an indent that would nest deeper than three levels", () => {
    const deep = [node("x", [node("y", [node("z")])]), node("w", [node("v")])];
    expect(canMove(deep, "z").indent).toBe(false);
    // w has a child: under x it would be level 2 with its child at 3 — allowed; under y it could not go.
    expect(shape(indent(deep, "w"))).toEqual([{ x: [{ y: ["z"] }, { w: ["v"] }] }]);
    const nested = indent(deep, "w");
    expect(canMove(nested, "w").indent).toBe(false);
  });

  it("leaves the original tree as it was", () => {
    const before = JSON.stringify(tree);
    indent(tree, "c");
    remove(tree, "b");
    update(tree, "a", { title: "changed" });
    expect(JSON.stringify(tree)).toBe(before);
  });

  it("adds at the end or under a parent, and removes with the children", () => {
    expect(shape(add(tree, node("d")))).toEqual(["a", { b: ["b1", "b2"] }, "c", "d"]);
    expect(shape(add(tree, node("a1"), "a"))).toEqual([{ a: ["a1"] }, { b: ["b1", "b2"] }, "c"]);
    expect(shape(remove(tree, "b"))).toEqual(["a", "c"]);
  });

  it("drops the URL of an item made linkless and finds items that cannot be saved", () => {
    const linked = update(tree, "a", { type: "link", url: "/kontakt" });
    expect(invalidKeys(linked)).toEqual([]);
    const unlinked = update(linked, "a", { type: "linkless" });
    expect(unlinked[0]?.url).toBeNull();
    const broken = update(update(tree, "b1", { title: "  " }), "c", { type: "link", url: null });
    expect(invalidKeys(broken)).toEqual(["b1", "c"]);
  });

  it("reads the platform's items and writes the save body", () => {
    const items: NavigationItem[] = [
      {
        id: 7,
        title: "Usluge",
        type: "linkless",
        url: null,
        external: false,
        children: [{ id: 8, title: "Pranje", type: "link", url: "/pranje", external: false, children: [] }],
      },
    ];
    const read = fromItems(items);
    expect(flatten(read).map(({ node: n, depth }) => [n.key, depth])).toEqual([
      ["item-7", 1],
      ["item-8", 2],
    ]);
    expect(toInput(update(read, "item-8", { title: " Pranje auta " }))).toEqual([
      { title: "Usluge", type: "linkless", url: null, children: [{ title: "Pranje auta", type: "link", url: "/pranje", children: [] }] },
    ]);
  });
});
