import type { CsvFile, FormSubmissionView, Paged, SubmissionFilterBody } from "@shop/contracts";
import { makePagination, toLocale } from "@shop/contracts";
import { translator } from "@shop/i18n";
import type { RequestCtx } from "../../http/context.ts";
import { businessDayOf, businessMinuteOf } from "../../shared/business-time.ts";
import { csvFile } from "../../shared/csv.ts";
import { countSubmissions, pageSubmissions } from "./submissions.repository.ts";

type Row = Awaited<ReturnType<typeof pageSubmissions>>[number];

function dataOf(row: Row): Record<string, unknown> {
  try {
    const data = JSON.parse(row.data) as unknown;
    return data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : { value: data };
  } catch {
    return { value: row.data };
  }
}

function view(row: Row): FormSubmissionView {
  return {
    id: row.id,
    form: row.form_id !== null && row.slug ? { id: row.form_id, slug: row.slug } : null,
    email: row.email,
    data: dataOf(row),
    confirmedAt: row.confirmed_at,
    createdAt: row.created_at,
  };
}

/** Issue 12: what visitors sent through the site's forms, newest first. */
export async function submissionsPage(ctx: RequestCtx, body: SubmissionFilterBody): Promise<Paged<FormSubmissionView>> {
  const [total, rows] = await Promise.all([
    countSubmissions(ctx.db, body.formId),
    pageSubmissions(ctx.db, body.formId, (body.page - 1) * body.limit, body.limit),
  ]);
  return { records: rows.map(view), pagination: makePagination(body.page, body.limit, total) };
}

const EXPORT_MAX = 50_000;

/** The submissions as a CSV: one column per field any of them has, in the order they first appear. */
export async function submissionsCsv(ctx: RequestCtx, filters: { formId?: number }): Promise<CsvFile> {
  const t = translator(toLocale(ctx.locale) ?? "hr");
  const rows = (await pageSubmissions(ctx.db, filters.formId, 0, EXPORT_MAX)).map((row) => ({ row, data: dataOf(row) }));
  const fields = [...new Set(rows.flatMap((r) => Object.keys(r.data)))];
  const text = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value));
  const header = [t("admin.csv.date"), t("admin.csv.form"), t("admin.csv.email"), t("admin.csv.confirmed"), ...fields];
  return csvFile(
    `poruke-${businessDayOf(new Date())}.csv`,
    header,
    rows.map(({ row, data }) => [
      businessMinuteOf(row.created_at),
      row.slug ?? "",
      row.email ?? "",
      row.confirmed_at ? businessMinuteOf(row.confirmed_at) : "",
      ...fields.map((f) => text(data[f])),
    ]),
  );
}
