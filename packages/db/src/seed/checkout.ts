import { BRANCH_WEEK, LOCATIONS } from "./business.ts";
import type { SeedContext } from "./context.ts";

const LANGS = ["hr", "en", "de"] as const;
type Words = readonly [hr: string, en: string, de: string];

/** The demo shop's ways to receive and to pay (SPEC §2 Checkout shipping and payment steps). */
const DELIVERY: readonly { code: string; priceCents: number; needsBranch: boolean; countries: string; name: Words; description: Words }[] =
  [
    {
      code: "pickup",
      priceCents: 0,
      needsBranch: true,
      countries: "ALL",
      name: ["Preuzimanje u poslovnici", "Pickup at a branch", "Abholung in der Filiale"],
      description: [
        "Besplatno. Narudžbu preuzmite u jednoj od naših praonica kad vam javimo da je spremna.",
        "Free. Collect your order at one of our car washes once we tell you it is ready.",
        "Kostenlos. Holen Sie Ihre Bestellung in einer unserer Waschanlagen ab, sobald wir Ihnen sagen, dass sie bereit ist.",
      ],
    },
    {
      code: "courier",
      priceCents: 490,
      needsBranch: false,
      countries: "HR",
      name: ["Dostava kurirskom službom", "Courier delivery", "Kurierzustellung"],
      description: [
        "Dostava na adresu u Hrvatskoj u 2–3 radna dana.",
        "Delivery to an address in Croatia within 2–3 working days.",
        "Lieferung an eine Adresse in Kroatien in 2–3 Werktagen.",
      ],
    },
  ];

const PAYMENT: readonly {
  code: string;
  kind: "branch" | "bank_transfer" | "card" | "wallet";
  active: boolean;
  name: Words;
  description: Words;
}[] = [
  {
    code: "card",
    kind: "card",
    active: true,
    name: ["Kartično plaćanje", "Card payment", "Kartenzahlung"],
    description: [
      "Platite karticom na sigurnoj stranici naše banke.",
      "Pay by card on our bank's secure page.",
      "Zahlen Sie mit Karte auf der sicheren Seite unserer Bank.",
    ],
  },
  {
    // Offered only where the card provider has a wallet (Monri with MONRI_WALLET on).
    code: "wallet",
    kind: "wallet",
    active: true,
    name: ["Google Pay ili Apple Pay", "Google Pay or Apple Pay", "Google Pay oder Apple Pay"],
    description: [
      "Platite jednim dodirom novčanikom na svom mobitelu ili u pregledniku.",
      "Pay with one tap from the wallet on your phone or in your browser.",
      "Zahlen Sie mit einem Tippen aus der Wallet auf Ihrem Handy oder im Browser.",
    ],
  },
  {
    code: "bank_transfer",
    kind: "bank_transfer",
    active: true,
    name: ["Virmansko plaćanje", "Bank transfer", "Banküberweisung"],
    description: [
      "Platite općom uplatnicom ili skeniranjem barkoda u aplikaciji banke. Narudžbu šaljemo kad uplata stigne.",
      "Pay with the payment slip or by scanning its barcode in your banking app. We send the order once the payment arrives.",
      "Zahlen Sie mit dem Zahlschein oder durch Scannen des Barcodes in Ihrer Banking-App. Wir versenden nach Zahlungseingang.",
    ],
  },
  {
    code: "branch",
    kind: "branch",
    active: true,
    name: ["Plaćanje u poslovnici", "Pay at the branch", "Zahlung in der Filiale"],
    description: [
      "Platite gotovinom ili karticom kad preuzimate narudžbu.",
      "Pay in cash or by card when you collect the order.",
      "Zahlen Sie bar oder mit Karte bei der Abholung.",
    ],
  },
];

/** "Jankomir 31, 10090 Zagreb" → street, postal code, city. */
function splitAddress(address: string) {
  const [street = "", place = ""] = address.split(", ");
  const [zipCode = "", ...city] = place.split(" ");
  return { street, zipCode, city: city.join(" ") };
}

export async function seedCheckout({ trx }: SeedContext): Promise<void> {
  await trx
    .insertInto("branches")
    .values(
      LOCATIONS.map((l, i) => {
        const { street, zipCode, city } = splitAddress(l.address);
        const code = l.email.split("@")[0] as string;
        const hours = JSON.stringify(BRANCH_WEEK);
        return {
          code,
          name: l.name,
          street,
          zip_code: zipCode,
          city,
          phone: l.phone,
          email: l.email,
          opening_hours: hours,
          position: i + 1,
          active: 1,
        };
      }),
    )
    .execute();
  for (const [i, m] of DELIVERY.entries()) {
    const row = await trx
      .insertInto("delivery_methods")
      .values({
        code: m.code,
        price_cents: m.priceCents,
        vat_rate: 25,
        needs_branch: m.needsBranch ? 1 : 0,
        countries: m.countries,
        position: i + 1,
        active: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("delivery_method_translations")
      .values(
        LANGS.map((lang, l) => ({
          method_id: row.id,
          language_code: lang,
          name: m.name[l] as string,
          description: m.description[l] as string,
        })),
      )
      .execute();
  }
  for (const [i, m] of PAYMENT.entries()) {
    const row = await trx
      .insertInto("payment_methods")
      .values({ code: m.code, kind: m.kind, position: i + 1, active: m.active ? 1 : 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("payment_method_translations")
      .values(
        LANGS.map((lang, l) => ({
          method_id: row.id,
          language_code: lang,
          name: m.name[l] as string,
          description: m.description[l] as string,
        })),
      )
      .execute();
  }
}
