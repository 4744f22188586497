import { type CsvFile, makePagination, type Paged, type SubscriberFilterBody, type SubscriberView, toLocale } from "@shop/contracts";
import { translator } from "@shop/i18n";
import type { RequestCtx } from "../../http/context.ts";
import { businessDayOf, businessMinuteOf } from "../../shared/business-time.ts";
import { csvFile } from "../../shared/csv.ts";
import { countSubscribers, pageSubscribers, type SubscriberQuery } from "./subscribers.repository.ts";

type Row = Awaited<ReturnType<typeof pageSubscribers>>[number];

const view = (r: Row): SubscriberView => ({
  id: r.id,
  email: r.email,
  language: r.language_code,
  confirmedAt: r.confirmed_at,
  createdAt: r.created_at,
});

/** Issue 12: the newsletter's subscribers, newest first; confirmed ones (double opt-in) by default. */
export async function subscribersPage(ctx: RequestCtx, body: SubscriberFilterBody): Promise<Paged<SubscriberView>> {
  const [total, rows] = await Promise.all([
    countSubscribers(ctx.db, body),
    pageSubscribers(ctx.db, body, (body.page - 1) * body.limit, body.limit),
  ]);
  return { records: rows.map(view), pagination: makePagination(body.page, body.limit, total) };
}

const EXPORT_MAX = 100_000;

/** The subscribers as a CSV for the mailing tool: address, language, when confirmed. */
export async function subscribersCsv(ctx: RequestCtx, query: SubscriberQuery): Promise<CsvFile> {
  const t = translator(toLocale(ctx.locale) ?? "hr");
  const rows = await pageSubscribers(ctx.db, query, 0, EXPORT_MAX);
  return csvFile(
    `newsletter-${businessDayOf(new Date())}.csv`,
    [t("admin.csv.email"), t("admin.csv.language"), t("admin.csv.confirmed"), t("admin.csv.date")],
    rows.map((r) => [r.email, r.language_code, r.confirmed_at ? businessMinuteOf(r.confirmed_at) : "", businessMinuteOf(r.created_at)]),
  );
}
