/**
 * The payload of the HUB-3A payment slip's PDF417 barcode (HUB "2DBK" specification v6, 2022):
 * 14 fields, each followed by LF. Lengths count characters, not bytes.
 *
 * Two kinds of field, two rules:
 * - What customers type (payer name, street and place) and the description are fitted: characters
 *   the slip does not allow are replaced, spaces collapsed and over-long text shortened. The payer's
 *   bank takes the payer from the paying account, so these fields never stop a payment.
 * - What the shop configures or computes (amount, currency, recipient, IBAN, model, reference,
 *   purpose code) is checked and refused with a Hub3Error naming the field: a wrong value there
 *   sends money to the wrong place or leaves it unmatched, and only the shop can correct it.
 */

export interface Hub3Party {
  name: string;
  street: string;
  /** Postcode and town, e.g. "10000 Zagreb". */
  place: string;
}

export interface Hub3Slip {
  amountCents: number;
  currency: "EUR";
  payer: Hub3Party;
  recipient: Hub3Party;
  /** Croatian IBAN; spaces are allowed and dropped. */
  iban: string;
  /** HR00: the reference is 1–3 groups of digits joined by '-'; HR99: no reference. */
  model: "HR00" | "HR99";
  reference: string;
  /** ISO 20022 purpose code (e.g. "OTHR"), or empty. */
  purposeCode: string;
  description: string;
}

export interface Hub3Options {
  /** Write č ć đ š ž as c c d s z (one letter for one, so lengths stay the same). Off by default: the spec allows UTF-8. */
  transliterate?: boolean;
}

/** A slip the shop cannot issue; `field` names the value to correct, e.g. "recipient.name". */
export class Hub3Error extends Error {
  readonly field: string;
  constructor(field: string, problem: string) {
    super(`HUB-3 slip: ${field} ${problem}`);
    this.name = "Hub3Error";
    this.field = field;
  }
}

/** Character limits of the barcode's fields. */
const HUB3_MAX = {
  payerName: 30,
  payerStreet: 27,
  payerPlace: 27,
  recipientName: 25,
  recipientStreet: 25,
  recipientPlace: 27,
  reference: 22,
  description: 35,
} as const;

const MAX_CENTS = 999_999_999_999_999; // the amount field holds 15 digits

// Digits, Croatian letters (with Q W X Y), space and , . : - + ? ' / ( ).
const ALLOWED = /^[0-9A-Za-zČĆĐŠŽčćđšž ,.:\-+?'/()]$/;

const CROATIAN_TO_ASCII: Record<string, string> = { č: "c", ć: "c", đ: "d", š: "s", ž: "z", Č: "C", Ć: "C", Đ: "D", Š: "S", Ž: "Z" };

// Letters NFD cannot take apart, and the apostrophes and dashes phones type for ' and -.
const LOOK_ALIKES: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  "’": "'",
  "‘": "'",
  ʼ: "'",
  "–": "-",
  "—": "-",
};

function prepare(value: string, options: Hub3Options): string {
  const text = value.normalize("NFC").trim();
  return options.transliterate ? text.replace(/[čćđšžČĆĐŠŽ]/g, (c) => CROATIAN_TO_ASCII[c] as string) : text;
}

/** Customer text as the slip can carry it: foreign letters without their accents, anything else not allowed as a space, then shortened. */
function fit(value: string, max: number, options: Hub3Options): string {
  const allowed = Array.from(prepare(value, options), (c) => {
    if (ALLOWED.test(c)) return c;
    const lookAlike = LOOK_ALIKES[c] ?? c.normalize("NFD").replace(/\p{M}/gu, "");
    return Array.from(lookAlike).every((l) => ALLOWED.test(l)) ? lookAlike : " ";
  }).join("");
  const collapsed = allowed.replace(/ {2,}/g, " ").trim();
  return Array.from(collapsed).slice(0, max).join("").trimEnd();
}

/** Shop configuration, refused rather than altered. */
function checked(field: string, value: string, max: number, options: Hub3Options, required = false): string {
  const text = prepare(value, options);
  if (required && text === "") throw new Hub3Error(field, "is required");
  const refused = [...new Set(Array.from(text).filter((c) => !ALLOWED.test(c)))];
  if (refused.length > 0) {
    throw new Hub3Error(field, `contains characters the slip does not allow: ${refused.map((c) => JSON.stringify(c)).join(" ")}`);
  }
  const length = Array.from(text).length;
  if (length > max) throw new Hub3Error(field, `has ${length} characters; at most ${max} fit`);
  return text;
}

function checkedIban(value: string): string {
  const iban = value.replace(/ /g, "").toUpperCase();
  if (!/^HR\d{19}$/.test(iban)) throw new Hub3Error("iban", `"${value}" is not a Croatian IBAN (HR and 19 digits)`);
  // ISO 13616: the country and check digits move to the end, letters become 10..35, and the number mod 97 is 1.
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  if (BigInt(digits) % 97n !== 1n) throw new Hub3Error("iban", `"${value}" fails the IBAN check (mod 97)`);
  return iban;
}

function isHr00Reference(reference: string): boolean {
  return reference.length <= HUB3_MAX.reference && /^\d{1,12}(-\d{1,12}){0,2}$/.test(reference);
}

function checkedReference(model: string, reference: string): string {
  if (model === "HR00") {
    if (!isHr00Reference(reference)) {
      throw new Hub3Error(
        "reference",
        `"${reference}" is not an HR00 reference (1 to 3 groups of digits joined by '-', at most 22 characters)`,
      );
    }
    return reference;
  }
  if (model === "HR99") {
    if (reference !== "") throw new Hub3Error("reference", "must be empty with model HR99");
    return reference;
  }
  throw new Hub3Error("model", `"${model}" is not supported (HR00 or HR99)`);
}

/**
 * The slip as the barcode carries it: customer text fitted, everything else checked (see the rules
 * above). The PDF and the thank-you page show these values, so they match the barcode.
 */
export function fitHub3Slip(slip: Hub3Slip, options: Hub3Options = {}): Hub3Slip {
  if (slip.currency !== "EUR") throw new Hub3Error("currency", `"${slip.currency}" is not supported (EUR)`);
  if (!Number.isInteger(slip.amountCents) || slip.amountCents <= 0 || slip.amountCents > MAX_CENTS) {
    throw new Hub3Error("amountCents", `${slip.amountCents} is not a whole number of cents from 1 to ${MAX_CENTS}`);
  }
  if (!/^([A-Z]{4})?$/.test(slip.purposeCode)) {
    throw new Hub3Error("purposeCode", `"${slip.purposeCode}" is not an ISO 20022 purpose code (4 capital letters) or empty`);
  }
  return {
    amountCents: slip.amountCents,
    currency: slip.currency,
    payer: {
      name: fit(slip.payer.name, HUB3_MAX.payerName, options),
      street: fit(slip.payer.street, HUB3_MAX.payerStreet, options),
      place: fit(slip.payer.place, HUB3_MAX.payerPlace, options),
    },
    recipient: {
      name: checked("recipient.name", slip.recipient.name, HUB3_MAX.recipientName, options, true),
      street: checked("recipient.street", slip.recipient.street, HUB3_MAX.recipientStreet, options),
      place: checked("recipient.place", slip.recipient.place, HUB3_MAX.recipientPlace, options),
    },
    iban: checkedIban(slip.iban),
    model: slip.model,
    reference: checkedReference(slip.model, slip.reference),
    purposeCode: slip.purposeCode,
    description: fit(slip.description, HUB3_MAX.description, options),
  };
}

/** The barcode's text: the 14 fields of the fitted slip, each followed by LF (the last one too). */
export function hub3Payload(slip: Hub3Slip, options: Hub3Options = {}): string {
  const s = fitHub3Slip(slip, options);
  const fields = [
    "HRVHUB30",
    s.currency,
    String(s.amountCents).padStart(15, "0"),
    s.payer.name,
    s.payer.street,
    s.payer.place,
    s.recipient.name,
    s.recipient.street,
    s.recipient.place,
    s.iban,
    s.model,
    s.reference,
    s.purposeCode,
    s.description,
  ];
  return fields.map((field) => `${field}\n`).join("");
}

/**
 * The HR00 reference ("poziv na broj") of an order: its document number itself, e.g. "2026-000123"
 * (year, '-', sequence), so the bank statement names the number the customer sees and payments can
 * be matched on it. Any number of 1 to 3 digit groups joined by '-' (at most 12 digits each, 22
 * characters in all) is taken as it is; anything else cannot be an HR00 reference and throws.
 */
export function hub3Reference(orderNumber: string): string {
  if (!isHr00Reference(orderNumber)) {
    throw new Hub3Error(
      "orderNumber",
      `"${orderNumber}" cannot be an HR00 reference (1 to 3 groups of digits joined by '-', at most 22 characters)`,
    );
  }
  return orderNumber;
}
