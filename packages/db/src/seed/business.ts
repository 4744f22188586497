import type { BlockData, ImageData, WeekHours } from "@shop/contracts";
import type { DemoImage } from "./assets.ts";

/**
 * Facts of the (fictional) demo business shared by every language: the company, its three
 * locations and the wash programmes with their prices. The content files add the words.
 */
export const COMPANY = {
  brand: "Autopraonica Zagreb",
  legalName: "Autopraonica Zagreb d.o.o.",
  street: "Jankomir 31",
  zipCode: "10090",
  city: "Zagreb",
  phone: "+385 1 5550 100",
  email: "info@autopraonica-zagreb.hr",
  gdprEmail: "privatnost@autopraonica-zagreb.hr",
  founded: 2009,
} as const;

export const COMPANY_ADDRESS = `${COMPANY.street}, ${COMPANY.zipCode} ${COMPANY.city}`;

/**
 * The demo's account for payment by bank transfer, as the HUB-3A slip's recipient. The IBAN is the
 * HUB specification's example (valid, not a real shop's); the name is written "doo" because the
 * slip's barcode takes 25 characters and "Autopraonica Zagreb d.o.o." has 26.
 */
export const BANK_ACCOUNT = {
  iban: "HR1210010051863000160",
  recipient: { name: "Autopraonica Zagreb doo", street: COMPANY.street, place: `${COMPANY.zipCode} ${COMPANY.city}` },
} as const;

/** Year in the copyright lines, taken when the demo is seeded. */
export const SEED_YEAR = new Date().getFullYear();

export interface Location {
  name: string;
  address: string;
  phone: string;
  email: string;
}

/** The three branches; also the pickup branches of the shipping method 'Preuzimanje u poslovnici'. */
export const LOCATIONS: readonly Location[] = [
  { name: "Zagreb – Jankomir", address: "Jankomir 31, 10090 Zagreb", phone: "+385 1 5550 101", email: "jankomir@autopraonica-zagreb.hr" },
  {
    name: "Zagreb – Dubrava",
    address: "Avenija Dubrava 214, 10040 Zagreb",
    phone: "+385 1 5550 102",
    email: "dubrava@autopraonica-zagreb.hr",
  },
  {
    name: "Velika Gorica",
    address: "Zagrebačka ulica 88, 10410 Velika Gorica",
    phone: "+385 1 5550 103",
    email: "gorica@autopraonica-zagreb.hr",
  },
];

/**
 * Each branch's opening hours as the checkout keeps them (Monday first; null: closed). The three
 * locations keep the same hours, as the footer, the contact page and the news of the Velika Gorica
 * opening say: Monday to Friday 07:00 to 20:00, weekends closed.
 */
export const BRANCH_WEEK: WeekHours = [...Array.from({ length: 5 }, () => ({ opens: "07:00", closes: "20:00" })), null, null];

export type OpeningHours = BlockData<"locations">["items"][number]["hours"];

export function locationsBlock(title: string, hours: OpeningHours): BlockData<"locations"> {
  return { title, items: LOCATIONS.map((l) => ({ ...l, hours })) };
}

export const PROGRAMME_KEYS = ["basic", "standard", "premium", "interior", "complete", "engine", "seats", "polish", "suv"] as const;
export type ProgrammeKey = (typeof PROGRAMME_KEYS)[number];

/** Prices in EUR including VAT; minutes is the usual duration (none for a surcharge). */
export const PROGRAMMES: Record<ProgrammeKey, { price: number; minutes?: number }> = {
  basic: { price: 9, minutes: 10 },
  standard: { price: 13, minutes: 15 },
  premium: { price: 18, minutes: 20 },
  interior: { price: 15, minutes: 25 },
  complete: { price: 29, minutes: 45 },
  engine: { price: 20, minutes: 20 },
  seats: { price: 65, minutes: 120 },
  polish: { price: 120, minutes: 180 },
  suv: { price: 4 },
};

export type ProgrammeTexts = Record<ProgrammeKey, { name: string; description: string }>;

export function priceItems(
  keys: readonly ProgrammeKey[],
  texts: ProgrammeTexts,
  duration: (minutes: number) => string,
): BlockData<"priceList">["items"] {
  return keys.map((key) => {
    const { price, minutes } = PROGRAMMES[key];
    return { ...texts[key], price, ...(minutes === undefined ? {} : { duration: duration(minutes) }) };
  });
}

export function image(img: DemoImage, alt: string): ImageData {
  return { src: img.src, alt, width: img.width, height: img.height };
}
