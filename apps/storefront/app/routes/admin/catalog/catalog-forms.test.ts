import { describe, expect, it } from "vitest";
import { eurosText, parseEuros } from "../../../features/admin/euros.ts";
import { editorId, parseWhole, zagrebInstant, zagrebLocal } from "./catalog-forms.ts";

describe("euros as staff type them", () => {
  it.each([
    ["12,50", 1250],
    ["12.50", 1250],
    ["12,5", 1250],
    ["12", 1200],
    ["0,99", 99],
    ["1.234,50", 123450],
    ["1,234.50", 123450],
    ["1 234,50 €", 123450],
    ["1.234", 123400],
  ])("reads %s as %i cents", (typed, cents) => {
    expect(parseEuros(typed)).toBe(cents);
  });

  it.each(["12,5x", "12,505", "1,234", "-3", "1,2,3", "abc", "12..5", "1.234.5"])("refuses %s", (typed) => {
    expect(parseEuros(typed)).toBeNull();
  });

  it("leaves an empty field empty, and writes cents back the way it reads them", () => {
    expect(parseEuros("  ")).toBeUndefined();
    expect(parseEuros(" € ")).toBeUndefined();
    for (const cents of [0, 5, 99, 1250, 123450]) expect(parseEuros(eurosText(cents))).toBe(cents);
    expect(eurosText(null)).toBe("");
  });
});

describe("Zagreb times", () => {
  it("reads a local time in winter (UTC+1) and in summer (UTC+2)", () => {
    expect(zagrebInstant("2026-12-01T00:00")).toBe("2026-11-30T23:00:00.000Z");
    expect(zagrebInstant("2026-07-01T12:30")).toBe("2026-07-01T10:30:00.000Z");
    expect(zagrebInstant("2026-07-01")).toBe("2026-06-30T22:00:00.000Z");
  });

  it("shows an instant as the local time it was typed as", () => {
    for (const local of ["2026-12-01T00:00", "2026-07-01T12:30", "2026-03-29T03:00", "2026-10-25T01:15"]) {
      expect(zagrebLocal(zagrebInstant(local))).toBe(local);
    }
    expect(zagrebLocal(null)).toBe("");
  });

  it("refuses what is no time and leaves an empty field empty", () => {
    expect(zagrebInstant("1. 12. 2026.")).toBeNull();
    expect(zagrebInstant("")).toBeUndefined();
  });
});

describe("small fields", () => {
  it("reads whole numbers and an editor's id", () => {
    expect(parseWhole(" 7 ")).toBe(7);
    expect(parseWhole("-5")).toBe(-5);
    expect(parseWhole("7,5")).toBeNull();
    expect(parseWhole("")).toBeUndefined();
    expect(editorId("new")).toBe("new");
    expect(editorId("42")).toBe(42);
    for (const bad of ["0", "042", "abc", "1e3", undefined]) expect(editorId(bad)).toBeNull();
  });
});
