import { describe, expect, it } from "vitest";
import { centsOf, dayOf, splitReference } from "./statement-entry.ts";

describe("reading a bank's numbers, days and references", () => {
  it("takes amounts in the Croatian and the ISO 20022 way, and guesses nothing else", () => {
    const cases: [string, number | null][] = [
      ["1.234,56", 123456],
      ["1234,5", 123450],
      ["0,07", 7],
      ["1,234.56", 123456],
      ["1234.56", 123456],
      ["20", 2000],
      ["-55,10", -5510],
      ["12,345", 1234500],
      ["dvadeset", null],
      ["1,2,3", null],
      ["", null],
    ];
    for (const [text, cents] of cases) expect(centsOf(text), text).toBe(cents);
  });

  it("takes days as ISO dates or Croatian dates and refuses days that do not exist", () => {
    expect(dayOf("2026-11-25")).toBe("2026-11-25");
    expect(dayOf("2026-11-25T10:00:00+01:00")).toBe("2026-11-25");
    expect(dayOf("5.1.2026.")).toBe("2026-01-05");
    expect(dayOf("25.11.2026")).toBe("2026-11-25");
    expect(dayOf("31.02.2026.")).toBeNull();
    expect(dayOf("jučer")).toBeNull();
  });

  it("splits the model from the reference however the bank spaced them", () => {
    expect(splitReference("HR00 2026-000123")).toEqual({ model: "HR00", reference: "2026-000123" });
    expect(splitReference("HR002026-000123")).toEqual({ model: "HR00", reference: "2026-000123" });
    expect(splitReference("Narudžba, poziv na broj hr00 2026-000123 hvala")).toEqual({ model: "HR00", reference: "2026-000123" });
    expect(splitReference("HR99")).toEqual({ model: null, reference: null });
    expect(splitReference(null)).toEqual({ model: null, reference: null });
  });
});
