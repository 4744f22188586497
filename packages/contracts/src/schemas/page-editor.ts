import { z } from "zod";
import { LOCALES } from "../locales.ts";
import { boundedText, idField } from "../validation.ts";
import { V } from "../validation-messages.ts";
import { componentInput, navigationHandles } from "./cms.ts";

/**
 * Payloads of in-place editing (issue 13, SPEC §2 edit mode): drafts, publishing, revisions, locks,
 * new pages and navigation. The page's language is the request's `language` header: staff edit the
 * language of the page they are on.
 */

/** How long a lock lives without a heartbeat (the editor beats every EDIT_LOCK.heartbeatSeconds). */
export const EDIT_LOCK = { ttlSeconds: 180, heartbeatSeconds: 30 } as const;

/** Revisions kept per page and language: a publish drops the oldest beyond these (each holds the whole page). */
export const REVISIONS_KEPT = 50;

/** The most components one page holds (as posts). */
export const PAGE_MAX_COMPONENTS = 60;

export const editorPageParams = z.object({ id: idField() });
export const revisionParams = z.object({ id: idField() });

/** GET editor/decide: the content route's slug, as finder/decide, but drafts and unpublished pages included. */
export const editorDecideQuery = z.object({
  params: z
    .string()
    .max(400)
    .regex(/^[\p{L}\p{N}_,-]*$/u, { error: V.invalid })
    .default(""),
});

/**
 * PUT editor/page/:id/draft. `baseVersion` is the draft version the editor started from (0 when the
 * page had no draft): a save based on an older one is refused, never overwrites.
 */
export const draftSaveBody = z.object({
  baseVersion: z.number({ error: V.invalid }).int({ error: V.invalid }).min(0, { error: V.invalid }),
  title: boundedText(200),
  /** Checked by the platform with the SPEC §5 rules (at least 4 characters, format, not a route's). */
  slug: z.string({ error: V.required }).trim().max(200, { error: V.maxLength }),
  components: z.array(componentInput).max(PAGE_MAX_COMPONENTS, { error: V.maxLength }),
});
export type DraftSaveBody = z.input<typeof draftSaveBody>;

/** POST editor/page/:id/publish: the draft version being published (the one the editor shows). */
export const publishBody = z.object({
  draftVersion: z.number({ error: V.invalid }).int({ error: V.invalid }).min(1, { error: V.invalid }),
});

/** POST editor/page/:id/lock: take the lock or beat its heart; `takeOver` takes it from another editor. */
export const lockBody = z.object({ takeOver: z.boolean().default(false) }).default({ takeOver: false });

/** POST editor/page: the new-page modal (SPEC §2): title, slug, template, language. */
export const newPageBody = z.object({
  title: boundedText(200),
  slug: z.string({ error: V.required }).trim().max(200, { error: V.maxLength }),
  /** A page template (issue 12); its blocks start the page. */
  template: idField(),
  language: z.enum(LOCALES, { error: V.invalid }),
});
export type NewPageBody = z.input<typeof newPageBody>;

/** POST editor/page/:id/translate: the page's missing language made from its Croatian version, as a draft. */
export const translateBody = z.object({
  slug: z.string({ error: V.required }).trim().max(200, { error: V.maxLength }).optional(),
  title: boundedText(200).optional(),
});

/** One item of a navigation tree as staff save it: a link or a linkless heading of its children. */
export interface NavigationItemInput {
  title: string;
  type: "link" | "linkless";
  url?: string | null;
  children?: NavigationItemInput[];
}
export const navigationItemInput: z.ZodType<NavigationItemInput> = z.object({
  title: boundedText(120),
  type: z.enum(["link", "linkless"], { error: V.invalid }),
  url: z.string().trim().max(500, { error: V.maxLength }).nullable().optional(),
  get children() {
    return z.array(navigationItemInput).max(30, { error: V.maxLength }).optional();
  },
});

export const navigationSaveParams = z.object({ id: z.enum(navigationHandles) });
/** PUT navigation/tree/:id: the whole tree of one menu in the request language; `baseVersion` as for drafts. */
export const navigationSaveBody = z.object({
  baseVersion: z.number({ error: V.invalid }).int({ error: V.invalid }).min(0, { error: V.invalid }),
  items: z.array(navigationItemInput).max(30, { error: V.maxLength }),
});
export type NavigationSaveBody = z.input<typeof navigationSaveBody>;
