import { type AdminCategory, type Locale, SYSTEM_ROUTES } from "@shop/contracts";
import { formatPrice } from "@shop/i18n";
import { generatePath } from "react-router";
import type { FieldErrors } from "../../../features/forms/form-values.ts";

/** The catalog area's own pages with an id (`new` opens an empty editor). */
export type EditorRoute =
  | "adminCatalogProduct"
  | "adminCatalogCategory"
  | "adminCatalogAttribute"
  | "adminCatalogCoupon"
  | "adminCatalogMemberCard";

export function editorPath(name: EditorRoute, id: number | "new"): string {
  return generatePath(SYSTEM_ROUTES[name], { id: String(id) });
}

/** An editor's `:id`: `new`, a positive whole number, or nothing the platform could know (a 404). */
export function editorId(param: string | undefined): number | "new" | null {
  if (param === "new") return "new";
  return param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
}

export function formatEuros(cents: number, locale: Locale): string {
  return formatPrice(locale, cents / 100);
}

/** The shop's clock: staff type dates and times as they read them in Zagreb. */
const ZONE = "Europe/Zagreb";

function zoneOffsetMs(at: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second")) - at.getTime() + at.getMilliseconds();
}

/** A `datetime-local` (or `date`) value read as Zagreb time, as an ISO instant; undefined when empty, null when not a time. */
export function zagrebInstant(value: string): string | null | undefined {
  const text = value.trim();
  if (text === "") return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(text);
  if (!match) return null;
  const [, y, mo, d, h = "0", mi = "0"] = match;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
  if (Number.isNaN(asUtc)) return null;
  // The offset at the guessed instant, then again at the corrected one (a change of summer time between them).
  const first = asUtc - zoneOffsetMs(new Date(asUtc));
  return new Date(asUtc - zoneOffsetMs(new Date(first))).toISOString();
}

/** An ISO instant as a `datetime-local` value in Zagreb time. */
export function zagrebLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  return new Date(at.getTime() + zoneOffsetMs(at)).toISOString().slice(0, 16);
}

export function formatInstant(iso: string | null, locale: Locale): string {
  if (!iso) return "—";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: ZONE }).format(new Date(iso));
}

/** A whole number field: undefined when empty, null when not a whole number. */
export function parseWhole(text: string): number | null | undefined {
  const value = text.trim();
  if (value === "") return undefined;
  return /^-?\d{1,9}$/.test(value) ? Number(value) : null;
}

/**
 * Field errors keyed by the paths the platform (or the contract's schema) names, renamed to the
 * form's own field names; a path the map does not know stays as it is.
 */
export function renameFields(errors: FieldErrors, rename: (path: string) => string): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) out[rename(path)] ??= message;
  return out;
}

/** A translation in the staff's language, else the Croatian one. */
export function inLocale<T extends { language: string }>(translations: readonly T[], locale: Locale): T | undefined {
  return translations.find((t) => t.language === locale) ?? translations.find((t) => t.language === "hr") ?? translations[0];
}

export interface CategoryOption {
  id: number;
  name: string;
  depth: number;
}

/** The tree (the platform answers it in tree order) with each category's depth, named in the staff's language. */
export function categoryOptions(tree: readonly AdminCategory[], locale: Locale): CategoryOption[] {
  const depth = new Map<number, number>();
  return tree.map((c) => {
    const d = c.parentId === null ? 0 : (depth.get(c.parentId) ?? 0) + 1;
    depth.set(c.id, d);
    return { id: c.id, name: inLocale(c.translations, locale)?.name ?? String(c.id), depth: d };
  });
}

/** A category's name indented by its depth, for a select's options. */
export function indented(option: CategoryOption): string {
  return `${"\u2003".repeat(option.depth)}${option.name}`;
}

/** The `?done=` notices a page knows; anything else in the address is ignored. */
export function doneOf(request: Request, known: readonly string[]): string | null {
  const done = new URL(request.url).searchParams.get("done");
  return done && known.includes(done) ? done : null;
}
