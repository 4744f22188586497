import { BANK_STATEMENT_MAX_BYTES, type StatementImportAnswer, type StatementLine, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { formatNumber, formatPrice, translator } from "@shop/i18n";
import { data, Form, Link, redirect } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { failureStatus, failureText } from "../../../features/errors/platform-failure.ts";
import { formText } from "../../../features/forms/form-values.ts";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import { Notice } from "../../../ui/notice.tsx";
import type { Route } from "./+types/bank-statements";
import { orderHref } from "./order-filters.ts";
import { TableWrap } from "./table-wrap.tsx";
import "../../../styles/forms.css";
import "../../../styles/admin-orders.css";

const sizeText = (locale: Parameters<typeof formatNumber>[0]) => `${formatNumber(locale, BANK_STATEMENT_MAX_BYTES / 1024 / 1024)} MB`;

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const unmatched = await adminCall(args, staff.platform, api.bankStatements.unmatched, { body: { page: 1, limit: 100 } });
  if (!unmatched.ok) throw data(unmatched.message, { status: failureStatus(unmatched) });
  return { unmatched: unmatched.data, resolved: new URL(args.request.url).searchParams.get("done") === "resolved" };
}

type ActionData = { intent: "import"; formError: string | null; result: StatementImportAnswer | null };

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const t = translator(staff.locale);
  const form = await args.request.formData();
  const intent = formText(form, "intent");
  if (intent === "resolve") {
    const id = Number(formText(form, "id"));
    if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 400 });
    const done = await adminCall(args, staff.platform, api.bankStatements.resolve, { params: { id } });
    if (!done.ok) throw data(failureText(done, t), { status: failureStatus(done) });
    throw redirect(`${SYSTEM_ROUTES.adminBankStatements}?done=resolved`);
  }
  if (intent !== "import") throw data(null, { status: 400 });
  const file = form.get("file");
  const refuse = (status: number, formError: string) => data<ActionData>({ intent, formError, result: null }, { status });
  if (!(file instanceof File) || file.size === 0) return refuse(400, t("admin.orders.bank.noFile"));
  if (file.size > BANK_STATEMENT_MAX_BYTES) return refuse(413, t("admin.orders.bank.tooLarge", { size: sizeText(staff.locale) }));
  const contentBase64 = Buffer.from(await file.arrayBuffer()).toString("base64");
  const result = await adminCall(args, staff.platform, api.bankStatements.import, {
    body: { fileName: file.name || "statement", contentBase64 },
  });
  if (!result.ok) return refuse(failureStatus(result), failureText(result, t));
  return data<ActionData>({ intent, formError: null, result: result.data });
}

function LinesTable({ lines, caption, resolvable }: { lines: StatementLine[]; caption: string; resolvable?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeZone: "UTC" });
  return (
    <TableWrap label={caption}>
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("admin.orders.bank.col.date")}</th>
            <th scope="col" className="admin-table__num">
              {t("admin.orders.bank.col.amount")}
            </th>
            <th scope="col">{t("admin.orders.bank.col.reference")}</th>
            <th scope="col">{t("admin.orders.bank.col.payer")}</th>
            <th scope="col">{t("admin.orders.bank.col.outcome")}</th>
            <th scope="col">{resolvable ? t("admin.orders.order.actions") : t("admin.orders.bank.col.order")}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const date = day.format(new Date(`${line.bookedOn}T00:00:00Z`));
            const amount = formatPrice(locale, line.amountCents / 100, line.currency);
            return (
              <tr key={line.id}>
                <td>{date}</td>
                <td className="admin-table__num">{amount}</td>
                <td>{line.reference ?? "—"}</td>
                <td>
                  {line.payer ?? "—"}
                  {line.description ? <span className="admin-table__sub">{line.description}</span> : null}
                </td>
                <td>{t(`admin.orders.bank.outcome.${line.outcome}`)}</td>
                <td>
                  {line.order ? <Link to={orderHref(line.order.code)}>{line.order.number}</Link> : null}
                  {resolvable ? (
                    <Form method="post" className="admin-orders-inline">
                      <input type="hidden" name="intent" value="resolve" />
                      <input type="hidden" name="id" value={line.id} />
                      <button
                        type="submit"
                        className="button button--small"
                        aria-label={t("admin.orders.bank.resolveLabel", { date, amount })}
                      >
                        {t("admin.orders.bank.resolve")}
                      </button>
                    </Form>
                  ) : null}
                  {!line.order && !resolvable ? "—" : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableWrap>
  );
}

function ImportResult({ result }: { result: StatementImportAnswer }) {
  const t = useT();
  const paid = result.lines.filter((l) => l.outcome === "paid");
  const other = result.lines.filter((l) => l.outcome !== "paid");
  return (
    <section className="admin-card" aria-labelledby="import-result">
      <h2 id="import-result">{t("admin.orders.bank.result")}</h2>
      <Notice kind={other.length === 0 ? "success" : "info"}>
        {t("admin.orders.bank.summary", { paid: paid.length, unmatched: other.length, repeated: result.repeated })}
      </Notice>
      {paid.length > 0 ? <LinesTable lines={paid} caption={t("admin.orders.bank.paid")} /> : null}
      {other.length > 0 ? <LinesTable lines={other} caption={t("admin.orders.bank.notMatched")} /> : null}
    </section>
  );
}

export default function BankStatementsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { unmatched } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="admin-heading">
      <title>{`${t("admin.orders.bank.heading")} – ${t("admin.title")}`}</title>
      <p>
        <Link to={SYSTEM_ROUTES.adminOrders}>{t("admin.orders.back")}</Link>
      </p>
      <h1 id="admin-heading">{t("admin.orders.bank.heading")}</h1>
      <p>{t("admin.orders.bank.intro")}</p>
      {loaderData.resolved ? <Notice kind="success">{t("admin.orders.bank.resolved")}</Notice> : null}
      {actionData?.formError ? <Notice kind="error">{actionData.formError}</Notice> : null}
      <Form method="post" encType="multipart/form-data" className="form admin-card" aria-label={t("admin.orders.bank.upload")}>
        <input type="hidden" name="intent" value="import" />
        <div className="field">
          <label htmlFor="statement-file">{t("admin.orders.bank.file")}</label>
          <p className="field__hint" id="statement-file-hint">
            {t("admin.orders.bank.fileHint", { size: sizeText(locale) })}
          </p>
          <input
            id="statement-file"
            name="file"
            type="file"
            required
            accept=".xml,.csv,.txt,application/xml,text/xml,text/csv"
            aria-describedby="statement-file-hint"
          />
        </div>
        <button type="submit" className="button button--small">
          {t("admin.orders.bank.upload")}
        </button>
      </Form>
      {actionData?.result ? <ImportResult result={actionData.result} /> : null}
      <h2 id="unmatched">{t("admin.orders.bank.unmatched")}</h2>
      {unmatched.records.length === 0 ? (
        <p>{t("admin.orders.bank.unmatchedEmpty")}</p>
      ) : (
        <LinesTable lines={unmatched.records} caption={t("admin.orders.bank.unmatched")} resolvable />
      )}
    </section>
  );
}
