import { describe, expect, it } from "vitest";
import {
  checkSignature,
  flatXml,
  formatCents,
  formFields,
  parseDecimalCents,
  parseFlatXml,
  parseMinorUnits,
  withParam,
} from "./protocol.ts";
import { PaymentSignatureError } from "./provider.ts";

const request = (body: string) => ({
  method: "POST",
  url: "http://shop.test/r",
  headers: new Headers(),
  rawBody: new TextEncoder().encode(body),
});

describe("amounts", () => {
  it("reads decimal amounts with either separator exactly, and refuses anything else", () => {
    expect(parseDecimalCents("12.34")).toBe(1234);
    expect(parseDecimalCents("12,34")).toBe(1234);
    expect(parseDecimalCents("0,1")).toBe(10);
    expect(parseDecimalCents("7")).toBe(700);
    // 1.15 * 100 is 114.99999999999999 as a float.
    expect(parseDecimalCents("1.15")).toBe(115);
    expect(parseDecimalCents("4503599627.37")).toBe(450359962737);
    for (const bad of ["", "12.345", "1.234,56", "-1.00", "12.", "abc", "1e3"]) expect(parseDecimalCents(bad)).toBeNull();
  });

  it("reads minor units as integers and writes cents with two places", () => {
    expect(parseMinorUnits("1234")).toBe(1234);
    expect(parseMinorUnits(54321)).toBe(54321);
    expect(parseMinorUnits("12.34")).toBeNull();
    expect(parseMinorUnits("")).toBeNull();
    expect(formatCents(1234)).toBe("12.34");
    expect(formatCents(5, ",")).toBe("0,05");
    expect(formatCents(100000)).toBe("1000.00");
    expect(() => formatCents(12.5)).toThrow(RangeError);
  });
});

describe("signatures", () => {
  const expected = "ab".repeat(32);

  it("accepts the expected hex in either case", () => {
    expect(() => checkSignature(expected, expected, "test")).not.toThrow();
    expect(() => checkSignature(expected, expected.toUpperCase(), "test")).not.toThrow();
  });

  it("refuses a missing, a wrong and a shorter or longer signature", () => {
    for (const given of [undefined, null, "", `${expected.slice(0, -1)}c`, expected.slice(2), `${expected}00`]) {
      expect(() => checkSignature(expected, given, "test")).toThrow(PaymentSignatureError);
    }
  });
});

describe("bodies", () => {
  it("refuses a form with a repeated field and a body that is not UTF-8", () => {
    expect(formFields(request("a=1&b=%C4%8D"), "test")).toEqual({ a: "1", b: "č" });
    expect(() => formFields(request("a=1&a=2"), "test")).toThrow(/appears twice/);
    const latin1 = { ...request(""), rawBody: new Uint8Array([0x61, 0x3d, 0xe8]) };
    expect(() => formFields(latin1, "test")).toThrow(PaymentSignatureError);
  });

  it("writes and reads flat XML with escaped text", () => {
    const text = flatXml("order", { "order-number": "A&B<1>", status: "approved" });
    expect(text).toContain("<order-number>A&amp;B&lt;1&gt;</order-number>");
    expect(parseFlatXml(text)).toEqual({ root: "order", fields: { "order-number": "A&B<1>", status: "approved" } });
    expect(parseFlatXml("<errors><description>Order not found</description><empty/></errors>")).toEqual({
      root: "errors",
      fields: { description: "Order not found", empty: "" },
    });
    expect(parseFlatXml("not xml")).toBeNull();
  });

  it("adds a query parameter to a URL that already has one", () => {
    expect(withParam("https://shop.test/cancel?attempt=7", "order_number", "A-1")).toBe(
      "https://shop.test/cancel?attempt=7&order_number=A-1",
    );
  });
});
