import { describe, expect, it } from "vitest";
import { isAltGraph, isSaveShortcut } from "./keys.ts";

const key = (k: string, mods: Partial<Record<"ctrlKey" | "altKey" | "metaKey" | "shiftKey", boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe("editor keys", () => {
  it("takes Ctrl+Alt for AltGr typing", () => {
    expect(isAltGraph(key("đ", { ctrlKey: true, altKey: true }))).toBe(true);
    expect(isAltGraph(key("s", { ctrlKey: true }))).toBe(false);
    expect(isAltGraph(key("s", { altKey: true }))).toBe(false);
  });

  it("saves on Ctrl+S and ⌘S, never on AltGr+S (đ on a Croatian keyboard)", () => {
    expect(isSaveShortcut(key("s", { ctrlKey: true }))).toBe(true);
    expect(isSaveShortcut(key("S", { metaKey: true }))).toBe(true);
    expect(isSaveShortcut(key("đ", { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSaveShortcut(key("s", { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSaveShortcut(key("s"))).toBe(false);
  });
});
