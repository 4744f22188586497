import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidOib } from "./oib.ts";

/**
 * The check digit by ISO 7064's verification form rather than the module's "11 − a": the one digit
 * after which the running sum of all 11 digits, taken mod 10, is 1.
 */
function checkDigitOf(first10: string): string {
  const runningSum = (digits: string) => {
    let product = 10;
    let sum = 0;
    for (const d of digits) {
      sum = (product + Number(d)) % 10;
      product = (2 * (sum === 0 ? 10 : sum)) % 11;
    }
    return sum;
  };
  const found = "0123456789".split("").filter((c) => runningSum(first10 + c) === 1);
  expect(found).toHaveLength(1);
  return found[0] as string;
}

const first10 = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 10, maxLength: 10 });
const validOib = first10.map((digits) => digits + checkDigitOf(digits));

describe("isValidOib (ISO 7064 MOD 11,10)", () => {
  it("accepts fixed numbers checked by hand and by the reference's worked example", () => {
    // 12345678903: the worked example of the research notes; 69435151530: the example used widely in code.
    for (const oib of ["12345678903", "69435151530", "94577403194", "00000000001"]) {
      expect(isValidOib(oib), oib).toBe(true);
      expect(checkDigitOf(oib.slice(0, 10)), oib).toBe(oib[10]);
    }
  });

  it("accepts numbers whose check digit the test computes", () => {
    for (const digits of ["1234567890", "9999999999", "3021470089", "5555500000", "0000000000", "7777777777"]) {
      expect(isValidOib(digits + checkDigitOf(digits)), digits).toBe(true);
    }
    fc.assert(fc.property(validOib, (oib) => isValidOib(oib)));
  });

  it("refuses a wrong check digit", () => {
    expect(isValidOib("12345678901")).toBe(false);
    expect(isValidOib("69435151531")).toBe(false);
    expect(isValidOib("94577403195")).toBe(false);
  });

  it("refuses the wrong length, letters, spaces, other digits and the empty string", () => {
    for (const bad of [
      "",
      "6943515153",
      "694351515300",
      "6943515153a",
      "A9435151530",
      "694 3515 1530",
      " 69435151530",
      "69435151530 ",
      "69435151530\n",
      "6943515153-0",
      "６９４３５１５１５３０", // full-width digits are digits to \p{Nd}, not to the check
    ]) {
      expect(isValidOib(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  // No exceptions: each step maps the running value 1..10 one-to-one (adding a digit mod 10 with 0
  // read as 10, then doubling mod 11, which is invertible), so a different digit anywhere in the
  // first ten gives a different final value and a different check digit; a changed check digit is
  // wrong by definition.
  it("refuses every number made by changing one digit of a valid one", () => {
    fc.assert(
      fc.property(validOib, fc.nat({ max: 10 }), fc.integer({ min: 1, max: 9 }), (oib, position, shift) => {
        const changed = String((Number(oib[position]) + shift) % 10);
        const altered = oib.slice(0, position) + changed + oib.slice(position + 1);
        expect(altered).not.toBe(oib);
        return !isValidOib(altered);
      }),
      { numRuns: 2000 },
    );
  });
});
