import { z } from "zod";
import { isSafeImageSrc, isSafeLink } from "../safe-links.ts";
import { V } from "../validation-messages.ts";
import { formRefField } from "./forms.ts";

/**
 * Page components (SPEC §3 'page content is components with templates') and the layout elements.
 * The seed writes these shapes, the storefront's block registry renders them, the platform
 * validates them on save: one schema each.
 */
export const linkSchema = z.object({
  label: z.string().max(120),
  /**
   * Internal path ('/kontakt'), external URL (opens in a new tab) or a formatted path used as given;
   * empty while none is chosen. Only safe ones (safe-links.ts, the menus' rule too).
   */
  href: z
    .string()
    .max(500, { error: V.maxLength })
    .refine((href) => href === "" || isSafeLink(href), { error: V.invalid }),
});
export type LinkData = z.infer<typeof linkSchema>;

export const imageSchema = z.object({
  /** A path of this site (a media library URL) or an http(s) address; empty while none is chosen. */
  src: z
    .string()
    .max(500, { error: V.maxLength })
    .refine((src) => src === "" || isSafeImageSrc(src), { error: V.invalid }),
  alt: z.string().max(200),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type ImageData = z.infer<typeof imageSchema>;

/** The most products or categories one block shows. */
export const PICKED_MAX = 24;

export const blockSchemas = {
  hero: z.object({ title: z.string(), text: z.string().optional(), cta: linkSchema.optional(), image: imageSchema.optional() }),
  richText: z.object({ title: z.string().optional(), html: z.string() }),
  imageText: z.object({ title: z.string(), html: z.string(), image: imageSchema, imageSide: z.enum(["left", "right"]).default("left") }),
  gallery: z.object({ title: z.string().optional(), images: z.array(imageSchema).max(48) }),
  priceList: z.object({
    title: z.string(),
    note: z.string().optional(),
    items: z
      .array(z.object({ name: z.string(), description: z.string().optional(), price: z.number(), duration: z.string().optional() }))
      .max(50),
  }),
  locations: z.object({
    title: z.string(),
    items: z
      .array(
        z.object({
          name: z.string(),
          address: z.string(),
          phone: z.string(),
          email: z.string().optional(),
          hours: z.array(z.object({ days: z.string(), time: z.string() })),
        }),
      )
      .max(20),
  }),
  faq: z.object({ title: z.string(), items: z.array(z.object({ question: z.string(), answer: z.string() })).max(50) }),
  euNotice: z.object({ text: z.string(), link: linkSchema, image: imageSchema.optional() }),
  /** The newest published posts, of one blog category (its slug in the page's language) or of all. */
  latestPosts: z.object({
    title: z.string(),
    termSlug: z.string().max(200).optional(),
    limit: z.number().int().min(1).max(12).default(3),
    link: linkSchema.optional(),
  }),
  /** An embedded form: its definition by id or slug (e.g. 'contact'); the title overrides the form's own. */
  form: z.object({ form: z.union([z.number().int().positive(), formRefField()]), title: z.string().max(200).optional() }),
  /** Products picked by staff (the product list modal), shown as the shop's cards in their order. */
  products: z.object({ title: z.string().max(200), productIds: z.array(z.number().int().positive()).max(PICKED_MAX) }),
  /** Product categories picked by staff (the product categories modal), shown as the category list's tiles. */
  productCategories: z.object({ title: z.string().max(200), categoryIds: z.array(z.number().int().positive()).max(PICKED_MAX) }),
} as const;

export type BlockTemplate = keyof typeof blockSchemas;
export type BlockData<T extends BlockTemplate> = z.infer<(typeof blockSchemas)[T]>;
export const blockTemplates = Object.keys(blockSchemas) as BlockTemplate[];

/** Options of the layout elements of SPEC §3 (header-section, footer-section, cookie-section). */
export const headerOptionsSchema = z.object({ logo: imageSchema, ctaLink: linkSchema.optional() });
export const footerOptionsSchema = z.object({
  logo: imageSchema,
  description: z.string(),
  items: z.array(z.object({ icon: z.enum(["address", "phone", "email", "clock"]), text: z.string() })),
  openingHours: z.array(z.object({ days: z.string(), time: z.string() })),
  links: z.array(linkSchema).max(2),
  euNotice: z.object({ text: z.string(), link: linkSchema, image: imageSchema.optional() }),
  copyright: z.string(),
});
export const cookieOptionsSchema = z.object({
  text: z.string(),
  acceptLabel: z.string(),
  necessaryLabel: z.string().optional(),
  policyLink: linkSchema.optional(),
});
export type HeaderOptions = z.infer<typeof headerOptionsSchema>;
export type FooterOptions = z.infer<typeof footerOptionsSchema>;
export type CookieOptions = z.infer<typeof cookieOptionsSchema>;
