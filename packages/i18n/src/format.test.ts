import { describe, expect, it } from "vitest";
import { businessYear, formatDate, formatPrice } from "./format.ts";
import { openingHoursLines } from "./index.ts";

describe("formatDate", () => {
  it("writes the day as it is at the business in Zagreb, whatever the process's zone", () => {
    // 23:30 UTC on 24 November is already 25 November in Zagreb (UTC+1).
    expect(formatDate("hr", "2026-11-24T23:30:00Z", "long")).toBe("25. studenoga 2026.");
    expect(formatDate("en", "2026-11-24T23:30:00Z", "long")).toBe("25 November 2026");
    // Summer time: 22:30 UTC on 30 June is 1 July 00:30 in Zagreb (UTC+2).
    expect(formatDate("de", "2026-06-30T22:30:00Z", "long")).toBe("1. Juli 2026");
  });
});

describe("formatPrice", () => {
  it("writes euros with two decimals in the language's style", () => {
    expect(formatPrice("hr", 1234.5).replace(/\s/g, " ")).toBe("1.234,50 €");
    expect(formatPrice("en", 1234.5)).toBe("€1,234.50");
  });

  it("writes the currency's code instead of its sign when asked", () => {
    expect(formatPrice("hr", 123.55, "EUR", "code").replace(/\s/g, " ")).toBe("123,55 EUR");
    expect(formatPrice("de", 1234.5, "EUR", "code").replace(/\s/g, " ")).toBe("1.234,50 EUR");
    expect(formatPrice("en", 1234.5, "EUR", "code").replace(/\s/g, " ")).toBe("EUR 1,234.50");
    expect(formatPrice("hr", 123.55)).toContain("€");
  });
});

describe("businessYear", () => {
  it("turns at midnight in Zagreb, an hour before UTC does", () => {
    expect(businessYear(new Date("2026-12-31T22:59:59Z"))).toBe(2026);
    expect(businessYear(new Date("2026-12-31T23:00:00Z"))).toBe(2027);
  });
});

describe("openingHoursLines", () => {
  const weekdays = { opens: "07:00", closes: "20:00" };

  it("joins consecutive days with the same hours, Monday first, in the language", () => {
    const week = [weekdays, weekdays, weekdays, weekdays, weekdays, null, null];
    expect(openingHoursLines("hr", week)).toEqual(["Ponedjeljak – petak: 07:00 – 20:00", "Subota – nedjelja: zatvoreno"]);
    expect(openingHoursLines("en", week)).toEqual(["Monday – Friday: 07:00 – 20:00", "Saturday – Sunday: closed"]);
    expect(openingHoursLines("de", week)).toEqual(["Montag – Freitag: 07:00 – 20:00", "Samstag – Sonntag: geschlossen"]);
  });

  it("names a day alone when its neighbours differ", () => {
    const saturday = { opens: "08:00", closes: "14:00" };
    expect(openingHoursLines("hr", [weekdays, weekdays, weekdays, weekdays, weekdays, saturday, null])).toEqual([
      "Ponedjeljak – petak: 07:00 – 20:00",
      "Subota: 08:00 – 14:00",
      "Nedjelja: zatvoreno",
    ]);
  });
});
