import { z } from "zod";
import { LOCALES } from "../locales.ts";
import { boundedText, idField } from "../validation.ts";
import { V } from "../validation-messages.ts";
import { type BlockTemplate, blockTemplates } from "./blocks.ts";

/** A block template the CMS knows (`blockSchemas`); anything else is refused on the field that named it. */
export const blockTemplateField = () =>
  z.string({ error: V.invalid }).refine((v): v is BlockTemplate => (blockTemplates as readonly string[]).includes(v), { error: V.invalid });

/** The most blocks one template holds: more than any page of the demo shop, few enough to read at a glance. */
export const PAGE_TEMPLATE_MAX_BLOCKS = 30;

const nameOf = () => boundedText(120);
const descriptionOf = () => z.string({ error: V.invalid }).trim().max(500, { error: V.maxLength }).default("");

/**
 * A new page template (issue 12), from block templates in order (`blocks`, each starting empty) or
 * as a copy of an existing page's components in one language (`fromPage`), not both.
 */
export const pageTemplateCreateBody = z
  .object({
    name: nameOf(),
    description: descriptionOf(),
    blocks: z.array(blockTemplateField()).max(PAGE_TEMPLATE_MAX_BLOCKS, { error: V.maxLength }).default([]),
    fromPage: idField().optional(),
    /** The language of the page whose components are copied. */
    language: z.enum(LOCALES, { error: V.invalid }).default("hr"),
  })
  .superRefine((body, ctx) => {
    if (body.fromPage !== undefined && body.blocks.length > 0) ctx.addIssue({ code: "custom", message: V.invalid, path: ["fromPage"] });
    if (body.fromPage === undefined && body.blocks.length === 0) ctx.addIssue({ code: "custom", message: V.required, path: ["blocks"] });
  });
export type PageTemplateCreateBody = z.input<typeof pageTemplateCreateBody>;

export const pageTemplateUpdateBody = z.object({ name: nameOf(), description: descriptionOf() });
export type PageTemplateUpdateBody = z.input<typeof pageTemplateUpdateBody>;

/** The template's block ids in their new order: every block once. */
export const pageTemplateReorderBody = z.object({
  order: z
    .array(z.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid }))
    .min(1, { error: V.required })
    .max(PAGE_TEMPLATE_MAX_BLOCKS, { error: V.maxLength }),
});
export type PageTemplateReorderBody = z.input<typeof pageTemplateReorderBody>;

export const pageTemplateIdParams = z.object({ id: idField() });

/** SPEC §7 get-latest-release's body: the project and branch of the release history (ours is the repository's CHANGELOG.md). */
export const latestReleaseBody = z
  .object({
    gitlabProjectId: z.union([z.string().max(200), z.number().int()]).optional(),
    gitlabBranch: z.string().max(200).optional(),
  })
  .default({});

/** SPEC §7 set-domain: the domain (host, with its port when it has one) this staff session prefers. */
export const setDomainBody = z.object({
  domain: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(253, { error: V.maxLength })
    .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i, { error: V.invalid }),
});
export type SetDomainBody = z.input<typeof setDomainBody>;
