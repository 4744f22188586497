import {
  type EventCreateBody,
  type EventFilterBody,
  type EventTranslationInput,
  type EventUpdateBody,
  type EventView,
  type Locale,
  makePagination,
  type Paged,
} from "@shop/contracts";
import type { Database, Executor } from "@shop/db";
import type { Selectable } from "kysely";
import sanitizeHtml from "sanitize-html";
import { AppError, fieldsError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { rangeBound } from "../../shared/business-time.ts";
import { pickTranslation } from "../../shared/translations.ts";
import {
  countPublished,
  type EventRange,
  eventsByIds,
  findEvent,
  insertEvent,
  insertTranslations,
  pagePublishedIds,
  saveTranslation,
  updateEvent as storeEvent,
  type TranslationColumns,
  translationsOf,
} from "./events.repository.ts";

type EventRow = Selectable<Database["events"]>;
type TranslationRow = Selectable<Database["event_translations"]>;

/**
 * What an event description may contain: text formatting, lists, links and images. Everything else
 * (scripts, styles, event handlers, iframes, javascript: URLs) is removed before it is stored.
 */
const DESCRIPTION_HTML: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "s", "h2", "h3", "h4", "ul", "ol", "li", "a", "blockquote", "img"],
  allowedAttributes: { a: ["href", "title", "target", "rel"], img: ["src", "alt", "width", "height", "loading"] },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  transformTags: {
    // A link that opens a new tab must not hand the page to the target (reverse tabnabbing).
    a: (tagName, attribs) =>
      attribs.target === "_blank" ? { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } } : { tagName, attribs },
  },
};

function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, DESCRIPTION_HTML).trim();
}

function toView(event: EventRow, translations: readonly TranslationRow[], locale: Locale): EventView | null {
  const tr = pickTranslation(translations, locale);
  if (!tr) return null;
  return {
    id: event.id,
    status: event.status,
    title: tr.title,
    slug: tr.slug,
    description: tr.description,
    startsAt: event.starts_at,
    endsAt: event.ends_at,
    location: { name: tr.location_name, address: tr.location_address },
    image:
      event.image_src && event.image_width && event.image_height
        ? { src: event.image_src, width: event.image_width, height: event.image_height, alt: tr.image_alt }
        : null,
    language: tr.language_code,
    translations: Object.fromEntries(translations.map((r) => [r.language_code, r.slug])),
  };
}

async function viewsOf(db: Executor, ids: readonly number[], locale: Locale): Promise<EventView[]> {
  if (ids.length === 0) return [];
  const [events, translations] = await Promise.all([eventsByIds(db, ids), translationsOf(db, ids)]);
  const byEvent = new Map<number, TranslationRow[]>();
  for (const row of translations) byEvent.set(row.event_id, [...(byEvent.get(row.event_id) ?? []), row]);
  const byId = new Map(events.map((e) => [e.id, e]));
  return ids.flatMap((id) => {
    const event = byId.get(id);
    const view = event ? toView(event, byEvent.get(id) ?? [], locale) : null;
    return view ? [view] : [];
  });
}

/** A 400 naming one field, for checks across fields the schema cannot see. */
const invalidField = (path: string) => fieldsError([{ path, key: "validation.invalid" }]);

export async function filterEvents(ctx: RequestCtx, body: EventFilterBody): Promise<Paged<EventView>> {
  const range: EventRange = {
    from: body.dateFrom ? rangeBound(body.dateFrom, "start") : undefined,
    to: body.dateTo ? rangeBound(body.dateTo, "end") : undefined,
  };
  if (range.from && range.to && range.from > range.to) {
    throw invalidField("dateTo");
  }
  const total = await countPublished(ctx.db, range);
  const ids = await pagePublishedIds(ctx.db, range, new Date().toISOString(), (body.page - 1) * body.limit, body.limit);
  return { records: await viewsOf(ctx.db, ids, ctx.locale), pagination: makePagination(body.page, body.limit, total) };
}

/** A published event in the request language (else the fallback language); drafts and unknown ids are not found. */
export async function getPublishedEvent(ctx: RequestCtx, id: number): Promise<EventView> {
  const [view] = await viewsOf(ctx.db, [id], ctx.locale);
  if (view?.status !== "published") throw new AppError("NOT_FOUND", "error.notFound");
  return view;
}

function translationColumns(input: EventTranslationInput): TranslationColumns {
  return {
    language_code: input.language,
    slug: input.slug,
    title: input.title,
    description: sanitizeDescription(input.description),
    location_name: input.locationName,
    location_address: input.locationAddress,
    image_alt: input.imageAlt,
  };
}

function imageColumns(image: EventCreateBody["image"]) {
  return { image_src: image?.src ?? null, image_width: image?.width ?? null, image_height: image?.height ?? null };
}

/** Backoffice: a new event with its translations (the fallback language's required), in one transaction. */
export async function createEvent(ctx: RequestCtx, body: EventCreateBody): Promise<EventView> {
  const now = new Date().toISOString();
  const id = await withTransaction(ctx, async (tx) => {
    const id = await insertEvent(tx.db, {
      status: body.status,
      starts_at: new Date(body.startsAt).toISOString(),
      ends_at: new Date(body.endsAt).toISOString(),
      ...imageColumns(body.image),
      created_at: now,
      updated_at: now,
    });
    await insertTranslations(tx.db, id, body.translations.map(translationColumns));
    return id;
  });
  if (body.status === "published") ctx.afterCommit(() => ctx.onContentChange(["events"]));
  const [view] = await viewsOf(ctx.db, [id], ctx.locale);
  if (!view) throw new AppError("INTERNAL", "error.generic");
  return view;
}

/** Backoffice: changes what was sent; a translation sent replaces (or adds) that language's one. */
export async function updateEvent(ctx: RequestCtx, id: number, body: EventUpdateBody): Promise<EventView> {
  await withTransaction(ctx, async (tx) => {
    const current = await findEvent(tx.db, id);
    if (!current) throw new AppError("NOT_FOUND", "error.notFound");
    const startsAt = body.startsAt ? new Date(body.startsAt).toISOString() : current.starts_at;
    const endsAt = body.endsAt ? new Date(body.endsAt).toISOString() : current.ends_at;
    // Only one of the two may have been sent: check the pair as it will be stored.
    if (startsAt > endsAt) throw invalidField("endsAt");
    await storeEvent(tx.db, id, {
      status: body.status ?? current.status,
      starts_at: startsAt,
      ends_at: endsAt,
      ...(body.image === undefined ? {} : imageColumns(body.image)),
      updated_at: new Date().toISOString(),
    });
    for (const translation of body.translations ?? []) await saveTranslation(tx.db, id, translationColumns(translation));
  });
  ctx.afterCommit(() => ctx.onContentChange(["events"]));
  const [view] = await viewsOf(ctx.db, [id], ctx.locale);
  if (!view) throw new AppError("INTERNAL", "error.generic");
  return view;
}
