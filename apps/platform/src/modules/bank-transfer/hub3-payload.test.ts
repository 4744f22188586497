import { createHash } from "node:crypto";
import { BANK_ACCOUNT } from "@shop/db/seed/business.ts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GOLDEN_SLIP } from "./bank-transfer.test-support.ts";
import { fitHub3Slip, Hub3Error, type Hub3Slip, hub3Payload, hub3Reference } from "./hub3-payload.ts";

/** The golden payload of the research notes (orders-and-payments.md, section C), written out. */
const GOLDEN_PAYLOAD =
  "HRVHUB30\nEUR\n000000000012355\nIvan Horvat\nIlica 1\n10000 Zagreb\nAutopraonica d.o.o.\nZagrebačka cesta 10\n10000 Zagreb\nHR1210010051863000160\nHR00\n2026-000123\nOTHR\nNarudžba 2026-000123\n";

const with_ = (change: Partial<Hub3Slip>): Hub3Slip => ({ ...GOLDEN_SLIP, ...change });
const recipient = (change: Partial<Hub3Slip["recipient"]>) => with_({ recipient: { ...GOLDEN_SLIP.recipient, ...change } });
const payer = (change: Partial<Hub3Slip["payer"]>) => with_({ payer: { ...GOLDEN_SLIP.payer, ...change } });
const fields = (payload: string) => payload.split("\n").slice(0, -1);

/** Every character the spec allows: digits, Croatian letters with Q W X Y, space and , . : - + ? ' / ( ). */
const ALLOWED_TEXT = /^[0-9A-Za-zČĆĐŠŽčćđšž ,.:\-+?'/()]*$/;

describe("hub3Payload", () => {
  it("writes the golden example exactly: 14 fields, LF after each, 180 characters, 182 UTF-8 bytes", () => {
    const payload = hub3Payload(GOLDEN_SLIP);
    expect(payload).toBe(GOLDEN_PAYLOAD);
    expect(payload.length).toBe(180);
    expect(Buffer.byteLength(payload, "utf8")).toBe(182);
    expect(createHash("sha256").update(payload, "utf8").digest("hex")).toBe(
      "94938ff357a94de77ae968f0bf7981db5bda7478bebd34880a678481ecb3491b",
    );
    expect(payload.split("\n")).toHaveLength(15);
    expect(payload.endsWith("\n")).toBe(true);
  });

  it("writes the amount as 15 digits of cents, from 1 cent to the largest", () => {
    expect(fields(hub3Payload(with_({ amountCents: 1 })))[2]).toBe("000000000000001");
    expect(fields(hub3Payload(with_({ amountCents: 999_999_999_999_999 })))[2]).toBe("999999999999999");
  });

  it("accepts the limits: a 25-character recipient, HR99 without a reference, no purpose code, a spaced lower-case IBAN", () => {
    const slip = with_({
      recipient: { name: "A".repeat(25), street: "B".repeat(25), place: "C".repeat(27) },
      iban: "hr12 1001 0051 8630 0016 0",
      model: "HR99",
      reference: "",
      purposeCode: "",
    });
    const f = fields(hub3Payload(slip));
    expect(f.slice(6, 13)).toEqual(["A".repeat(25), "B".repeat(25), "C".repeat(27), "HR1210010051863000160", "HR99", "", ""]);
    expect(fields(hub3Payload(with_({ reference: "123456789012-123456789" })))[11]).toBe("123456789012-123456789");
    expect(fields(hub3Payload(with_({ reference: "1-22-333" })))[11]).toBe("1-22-333");
  });

  const refused: [string, Hub3Slip, string, string][] = [
    ["another currency", with_({ currency: "HRK" as "EUR" }), "currency", 'HUB-3 slip: currency "HRK" is not supported (EUR)'],
    [
      "no amount",
      with_({ amountCents: 0 }),
      "amountCents",
      "HUB-3 slip: amountCents 0 is not a whole number of cents from 1 to 999999999999999",
    ],
    [
      "a negative amount",
      with_({ amountCents: -100 }),
      "amountCents",
      "HUB-3 slip: amountCents -100 is not a whole number of cents from 1 to 999999999999999",
    ],
    [
      "a fraction of a cent",
      with_({ amountCents: 12.5 }),
      "amountCents",
      "HUB-3 slip: amountCents 12.5 is not a whole number of cents from 1 to 999999999999999",
    ],
    [
      "16 digits of cents",
      with_({ amountCents: 1e15 }),
      "amountCents",
      "HUB-3 slip: amountCents 1000000000000000 is not a whole number of cents from 1 to 999999999999999",
    ],
    [
      "an IBAN failing mod 97",
      with_({ iban: "HR1210010051863000161" }),
      "iban",
      'HUB-3 slip: iban "HR1210010051863000161" fails the IBAN check (mod 97)',
    ],
    [
      "a foreign IBAN",
      with_({ iban: "DE89370400440532013000" }),
      "iban",
      'HUB-3 slip: iban "DE89370400440532013000" is not a Croatian IBAN (HR and 19 digits)',
    ],
    [
      "an IBAN of 22 characters",
      with_({ iban: "HR12100100518630001600" }),
      "iban",
      'HUB-3 slip: iban "HR12100100518630001600" is not a Croatian IBAN (HR and 19 digits)',
    ],
    ["no IBAN", with_({ iban: "" }), "iban", 'HUB-3 slip: iban "" is not a Croatian IBAN (HR and 19 digits)'],
    ["no recipient", recipient({ name: "  " }), "recipient.name", "HUB-3 slip: recipient.name is required"],
    [
      "a recipient of 26 characters",
      recipient({ name: "Autopraonica Zagreb d.o.o." }),
      "recipient.name",
      "HUB-3 slip: recipient.name has 26 characters; at most 25 fit",
    ],
    [
      "a street of 26 characters",
      recipient({ street: "S".repeat(26) }),
      "recipient.street",
      "HUB-3 slip: recipient.street has 26 characters; at most 25 fit",
    ],
    [
      "a place of 28 characters",
      recipient({ place: "P".repeat(28) }),
      "recipient.place",
      "HUB-3 slip: recipient.place has 28 characters; at most 27 fit",
    ],
    [
      "& in the recipient",
      recipient({ name: "Pranje & sjaj" }),
      "recipient.name",
      'HUB-3 slip: recipient.name contains characters the slip does not allow: "&"',
    ],
    [
      "= _ @ in the recipient",
      recipient({ name: "a=b_c@d=e" }),
      "recipient.name",
      'HUB-3 slip: recipient.name contains characters the slip does not allow: "=" "_" "@"',
    ],
    [
      "a line break in the street",
      recipient({ street: "Jankomir\n31" }),
      "recipient.street",
      'HUB-3 slip: recipient.street contains characters the slip does not allow: "\\n"',
    ],
    [
      "a foreign letter in the place",
      recipient({ place: "10000 Zagreb ö" }),
      "recipient.place",
      'HUB-3 slip: recipient.place contains characters the slip does not allow: "ö"',
    ],
    ["model HR01", with_({ model: "HR01" as "HR00" }), "model", 'HUB-3 slip: model "HR01" is not supported (HR00 or HR99)'],
    [
      "HR00 without a reference",
      with_({ reference: "" }),
      "reference",
      `HUB-3 slip: reference "" is not an HR00 reference (1 to 3 groups of digits joined by '-', at most 22 characters)`,
    ],
    [
      "a slash in the reference",
      with_({ reference: "2026/000123" }),
      "reference",
      `HUB-3 slip: reference "2026/000123" is not an HR00 reference (1 to 3 groups of digits joined by '-', at most 22 characters)`,
    ],
    [
      "four groups",
      with_({ reference: "1-2-3-4" }),
      "reference",
      `HUB-3 slip: reference "1-2-3-4" is not an HR00 reference (1 to 3 groups of digits joined by '-', at most 22 characters)`,
    ],
    [
      "a group of 13 digits",
      with_({ reference: "1234567890123" }),
      "reference",
      `HUB-3 slip: reference "1234567890123" is not an HR00 reference (1 to 3 groups of digits joined by '-', at most 22 characters)`,
    ],
    [
      "a reference of 23 characters",
      with_({ reference: "123456789012-1234567890" }),
      "reference",
      `HUB-3 slip: reference "123456789012-1234567890" is not an HR00 reference (1 to 3 groups of digits joined by '-', at most 22 characters)`,
    ],
    [
      "letters in the reference",
      with_({ reference: "2026-A1" }),
      "reference",
      `HUB-3 slip: reference "2026-A1" is not an HR00 reference (1 to 3 groups of digits joined by '-', at most 22 characters)`,
    ],
    [
      "HR99 with a reference",
      with_({ model: "HR99", reference: "2026-000123" }),
      "reference",
      "HUB-3 slip: reference must be empty with model HR99",
    ],
    [
      "a lower-case purpose code",
      with_({ purposeCode: "othr" }),
      "purposeCode",
      'HUB-3 slip: purposeCode "othr" is not an ISO 20022 purpose code (4 capital letters) or empty',
    ],
    [
      "a purpose code of 3 letters",
      with_({ purposeCode: "OTH" }),
      "purposeCode",
      'HUB-3 slip: purposeCode "OTH" is not an ISO 20022 purpose code (4 capital letters) or empty',
    ],
  ];

  it.each(refused)("refuses %s with a message naming the field", (_, slip, field, message) => {
    let error: unknown;
    try {
      hub3Payload(slip);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(Hub3Error);
    expect(error).toMatchObject({ field, message });
  });
});

describe("fitting what customers type", () => {
  it("shortens over-long payer fields and the description to their limits, without a trailing space", () => {
    const long = with_({
      payer: {
        name: "Ana-Marija Horvat Kovačević Šimić",
        street: "Ulica kneza Branimira Trpimirovića 12",
        place: "10000 Zagreb Gornji Grad Medveščak",
      },
      description: "Narudžba 2026-000123 pranje i poliranje vozila",
    });
    const f = fields(hub3Payload(long));
    expect(f[3]).toBe("Ana-Marija Horvat Kovačević Ši");
    expect(f[3]).toHaveLength(30);
    expect(f[4]).toBe("Ulica kneza Branimira Trpim");
    expect(f[4]).toHaveLength(27);
    expect(f[5]).toBe("10000 Zagreb Gornji Grad Me");
    expect(f[5]).toHaveLength(27);
    expect(f[13]).toBe("Narudžba 2026-000123 pranje i polir");
    expect(f[13]).toHaveLength(35);
    // A cut that lands after a space drops it.
    expect(fields(hub3Payload(payer({ name: `${"A".repeat(29)} Horvat` })))[3]).toBe("A".repeat(29));
  });

  it("counts characters, not bytes: 30 Croatian letters fit the payer's name", () => {
    const name = "čćđšžČĆĐŠŽ".repeat(3);
    expect(fields(hub3Payload(payer({ name })))[3]).toBe(name);
  });

  it("replaces what the slip does not allow instead of refusing it", () => {
    const f = (name: string) => fields(hub3Payload(payer({ name })))[3];
    expect(f("Ana & Ivo_Horvat@mail=hr")).toBe("Ana Ivo Horvat mail hr");
    expect(f("José Müller-Lüdenscheidt")).toBe("Jose Muller-Ludenscheidt");
    expect(f("Straße Ørsted Łukasz")).toBe("Strasse Orsted Lukasz");
    expect(f("O’Brien – Smith")).toBe("O'Brien - Smith");
    expect(f("  Ivan\tHorvat\r\n Zagreb  ")).toBe("Ivan Horvat Zagreb");
    expect(f("Ivan 🚗 Horvat")).toBe("Ivan Horvat");
    // Decomposed input (c + combining caron) is composed, so č stays one allowed letter.
    expect(f("Kovac\u030Cevic\u0301")).toBe("Kovačević");
  });

  it("keeps Croatian letters by default and writes them as ASCII when asked, in every text field", () => {
    expect(hub3Payload(GOLDEN_SLIP, { transliterate: false })).toBe(GOLDEN_PAYLOAD);
    const slip = with_({ payer: { name: "Đurđa Žužić", street: "Čačkova 5", place: "21000 Split" } });
    const f = fields(hub3Payload(slip, { transliterate: true }));
    expect([f[3], f[4], f[7], f[13]]).toEqual(["Durda Zuzic", "Cackova 5", "Zagrebacka cesta 10", "Narudzba 2026-000123"]);
    // A recipient too long only in its Croatian spelling is still refused: the letters count the same.
    expect(() => hub3Payload(recipient({ name: "Ž".repeat(26) }), { transliterate: true })).toThrow("at most 25 fit");
  });

  it("keeps every field of any input within its limit and the allowed characters, and fitting twice changes nothing", () => {
    const text = fc.string({ unit: "grapheme", maxLength: 60 });
    fc.assert(
      fc.property(text, text, text, text, (name, street, place, description) => {
        const slip = with_({ payer: { name, street, place }, description });
        const f = fields(hub3Payload(slip));
        expect(f).toHaveLength(14);
        for (const [index, max] of [
          [3, 30],
          [4, 27],
          [5, 27],
          [13, 35],
        ] as const) {
          expect(Array.from(f[index] as string).length).toBeLessThanOrEqual(max);
          expect(f[index]).toMatch(ALLOWED_TEXT);
          expect(f[index]).toBe((f[index] as string).trim());
        }
        const fitted = fitHub3Slip(slip);
        expect(fitHub3Slip(fitted)).toEqual(fitted);
        expect(hub3Payload(fitted)).toBe(hub3Payload(slip));
      }),
      { numRuns: 300 },
    );
  });
});

describe("hub3Reference", () => {
  it("is the order's document number itself, which the slip then carries under HR00", () => {
    expect(hub3Reference("2026-000123")).toBe("2026-000123");
    expect(hub3Reference("123")).toBe("123");
    expect(hub3Reference("2026-000123-1")).toBe("2026-000123-1");
    expect(fields(hub3Payload(with_({ model: "HR00", reference: hub3Reference("2026-000124") })))[11]).toBe("2026-000124");
  });

  it("refuses an order number that cannot be an HR00 reference", () => {
    for (const orderNumber of ["", "WEB-2026-1", "2026/000123", "2026-", "1-2-3-4", "1234567890123", "2026 000123"]) {
      expect(() => hub3Reference(orderNumber), orderNumber).toThrow(Hub3Error);
    }
    expect(() => hub3Reference("WEB-1")).toThrow(`HUB-3 slip: orderNumber "WEB-1" cannot be an HR00 reference`);
  });
});

describe("the demo's bank account", () => {
  it("makes a slip the shop can issue", () => {
    const slip = with_({ iban: BANK_ACCOUNT.iban, recipient: BANK_ACCOUNT.recipient });
    expect(fields(hub3Payload(slip)).slice(6, 10)).toEqual([
      "Autopraonica Zagreb doo",
      "Jankomir 31",
      "10090 Zagreb",
      "HR1210010051863000160",
    ]);
  });
});
