import type { Database } from "@shop/db";
import type { Kysely } from "kysely";

/** Test-only: a small catalog and coupons straight into the tables, independent of the demo seed. */

type Db = Kysely<Database>;

export interface ProductInput {
  format?: Database["products"]["format"];
  parentId?: number;
  visible?: boolean;
  archived?: boolean;
  retailCents: number;
  discountCents?: number;
  membershipCents?: number;
  vatRate?: number;
  stock?: number;
  /** hr name; the slug is made from it. */
  name: string;
  /** en name (the hr one otherwise). */
  nameEn?: string;
  media?: string;
}

let seq = 0;
const suffix = () => `${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 7)}`;

export async function insertProduct(db: Db, p: ProductInput): Promise<number> {
  const now = new Date().toISOString();
  const tag = suffix();
  const row = await db
    .insertInto("products")
    .values({
      sku: `CART-${tag}`,
      format: p.format ?? "simple",
      parent_id: p.parentId ?? null,
      visible_individually: p.visible === false || p.parentId !== undefined ? 0 : 1,
      archived: p.archived ? 1 : 0,
      featured: 0,
      category_priority: 0,
      retail_cents: p.retailCents,
      discount_cents: p.discountCents ?? null,
      discount_from: null,
      discount_to: null,
      membership_cents: p.membershipCents ?? null,
      vat_rate: p.vatRate ?? 25,
      stock: p.stock ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const slug = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${tag}`;
  await db
    .insertInto("product_translations")
    .values([
      { product_id: row.id, language_code: "hr", name: p.name, slug: slug(p.name), short_description: "", description: "" },
      {
        product_id: row.id,
        language_code: "en",
        name: p.nameEn ?? p.name,
        slug: slug(p.nameEn ?? p.name),
        short_description: "",
        description: "",
      },
    ])
    .execute();
  if (p.media) {
    await db
      .insertInto("product_media")
      .values({ product_id: row.id, position: 0, src: p.media, width: 800, height: 800, alt: p.name })
      .execute();
  }
  return row.id;
}

export async function productSlug(db: Db, id: number, lang = "hr"): Promise<string> {
  const row = await db
    .selectFrom("product_translations")
    .select("slug")
    .where("product_id", "=", id)
    .where("language_code", "=", lang)
    .executeTakeFirstOrThrow();
  return row.slug;
}

export async function insertOption(
  db: Db,
  productId: number,
  o: { type: "text" | "number"; required?: boolean; priceCents?: number; maxLength?: number; title: string },
): Promise<number> {
  const row = await db
    .insertInto("custom_options")
    .values({
      product_id: productId,
      option_type: o.type,
      required: o.required ? 1 : 0,
      price_cents: o.priceCents ?? 0,
      max_length: o.maxLength ?? null,
      position: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("custom_option_translations").values({ option_id: row.id, language_code: "hr", title: o.title }).execute();
  return row.id;
}

export async function insertCoupon(
  db: Db,
  c: { code: string; kind: "percent" | "fixed"; value: number; active?: boolean; validTo?: string; minTotalCents?: number },
): Promise<void> {
  await db
    .insertInto("coupons")
    .values({
      code: c.code,
      kind: c.kind,
      value: c.value,
      active: c.active === false ? 0 : 1,
      valid_from: null,
      valid_to: c.validTo ?? null,
      min_total_cents: c.minTotalCents ?? 0,
    })
    .execute();
}

/** A configurable shampoo with two scent variants (labels "Miris: Limun" / "Scent: Lemon"). */
async function insertShampoo(db: Db) {
  const attr = await db
    .insertInto("attributes")
    .values({ code: `miris_${suffix().replace(/-/g, "_")}`, input_type: "VisualSwatch", filterable: 1, position: 0, custom_class: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("attribute_translations")
    .values([
      { attribute_id: attr.id, language_code: "hr", label: "Miris" },
      { attribute_id: attr.id, language_code: "en", label: "Scent" },
    ])
    .execute();
  const value = async (hr: string, en: string, position: number) => {
    const v = await db
      .insertInto("attribute_values")
      .values({ attribute_id: attr.id, position, swatch: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("attribute_value_translations")
      .values([
        { value_id: v.id, language_code: "hr", label: hr },
        { value_id: v.id, language_code: "en", label: en },
      ])
      .execute();
    return v.id;
  };
  const limun = await value("Limun", "Lemon", 0);
  const lavanda = await value("Lavanda", "Lavender", 1);
  const parent = await insertProduct(db, {
    format: "configurable",
    retailCents: 1200,
    name: "Auto šampon",
    nameEn: "Car shampoo",
    media: "/media/sampon.webp",
  });
  await db
    .insertInto("configurable_attributes")
    .values({ product_id: parent, attribute_id: attr.id, position: 0, default_value_id: limun })
    .execute();
  const variant = async (valueId: number, name: string, stock: number) => {
    const id = await insertProduct(db, { parentId: parent, retailCents: 1200, membershipCents: 1000, stock, name });
    await db
      .insertInto("product_attribute_values")
      .values({ product_id: id, attribute_id: attr.id, value_id: valueId, number_value: null, text_value: null })
      .execute();
    return id;
  };
  return { parent, lemon: await variant(limun, "Auto šampon Limun", 5), lavender: await variant(lavanda, "Auto šampon Lavanda", 5) };
}

async function insertBundle(db: Db, name: string, retailCents: number, parts: number[]): Promise<number> {
  const id = await insertProduct(db, { format: "bundle", retailCents, name });
  await db
    .insertInto("bundle_parts")
    .values(parts.map((part_id, position) => ({ bundle_id: id, part_id, position, qty: 1 })))
    .execute();
  return id;
}

export interface CartCatalog {
  /** 10.00 €, membership 8.00 €, no stock limit. */
  wax: number;
  /** 5.00 €, stock 2. */
  cloth: number;
  /** EProduct voucher 20.00 €. */
  voucher: number;
  archived: number;
  shampoo: { parent: number; lemon: number; lavender: number };
  /** 30.00 €: shampoo (configurable) + cloth. */
  kit: number;
  /** 12.00 €: wax only (no configurable part). */
  simpleKit: number;
  /** Contains simpleKit. */
  nestedKit: number;
  /** 15.00 €: required text option (max 10, +2.00 €) and optional number option (+1.00 €). */
  engraved: { id: number; text: number; number: number };
}

export async function insertCartCatalog(db: Db): Promise<CartCatalog> {
  const wax = await insertProduct(db, {
    retailCents: 1000,
    membershipCents: 800,
    name: "Tvrdi vosak",
    nameEn: "Hard wax",
    media: "/media/vosak.webp",
  });
  const cloth = await insertProduct(db, { retailCents: 500, stock: 2, name: "Mikrofiber krpa" });
  const voucher = await insertProduct(db, { format: "EProduct", retailCents: 2000, name: "Poklon bon 20" });
  const archived = await insertProduct(db, { retailCents: 700, archived: true, name: "Stari sprej" });
  const shampoo = await insertShampoo(db);
  const kit = await insertBundle(db, "Paket njege", 3000, [shampoo.parent, cloth]);
  const simpleKit = await insertBundle(db, "Paket voska", 1200, [wax]);
  const nestedKit = await insertBundle(db, "Paket paketa", 2000, [simpleKit]);
  const engravedId = await insertProduct(db, { retailCents: 1500, name: "Privjesak s gravurom" });
  const text = await insertOption(db, engravedId, { type: "text", required: true, priceCents: 200, maxLength: 10, title: "Gravura" });
  const number = await insertOption(db, engravedId, { type: "number", priceCents: 100, title: "Broj" });
  return { wax, cloth, voucher, archived, shampoo, kit, simpleKit, nestedKit, engraved: { id: engravedId, text, number } };
}
