import type { Locale } from "@shop/contracts";
import { type AccountExport, type AddressView, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { formatPrice, hasMessage, translator } from "@shop/i18n";
import { data, Form, Link, redirect } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { failureStatus, failureText } from "../../../features/errors/platform-failure.ts";
import { formText } from "../../../features/forms/form-values.ts";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import { Notice } from "../../../ui/notice.tsx";
import type { Route } from "./+types/customer";
import { customerNotFound, idParam } from "./people.server.ts";
import { adminOrderPath, customerDataPath, customerPath } from "./people-paths.ts";
import { TableRegion } from "./table-region.tsx";
import "../../../styles/forms.css";
import "../../../styles/admin-people.css";

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const id = idParam(args.params.id);
  if (id === null) customerNotFound(staff);
  const customer = await adminCall(args, staff.platform, api.adminCustomers.get, { params: { id } });
  if (!customer.ok) {
    if (customer.status === 404 || customer.status === 400) customerNotFound(staff);
    throw data(customer.message, { status: failureStatus(customer) });
  }
  const params = new URL(args.request.url).searchParams;
  return {
    customer: customer.data,
    // Erasing is the administrator's alone (the platform refuses anyone else too).
    mayErase: staff.user.staff?.role === "administrator",
    confirming: params.get("erase") === "confirm",
  };
}

/** Erasing a customer: an administrator, after the confirmation step, with the box ticked. */
export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "administrator");
  const t = translator(staff.locale);
  const id = idParam(args.params.id);
  if (id === null) customerNotFound(staff);
  const form = await args.request.formData();
  if (formText(form, "intent") !== "erase") throw data(null, { status: 400 });
  if (formText(form, "confirm") !== "yes") return data({ error: t("admin.customers.erase.confirmRequired") }, { status: 400 });
  const result = await adminCall(args, staff.platform, api.adminCustomers.erase, { params: { id }, body: { confirm: true } });
  if (!result.ok) {
    if (result.status === 404) customerNotFound(staff);
    return data({ error: failureText(result, t) }, { status: failureStatus(result) });
  }
  throw redirect(`${SYSTEM_ROUTES.adminCustomers}?done=erased`);
}

export default function CustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { customer, mayErase } = loaderData;
  const { account } = customer;
  const name = `${account.firstName} ${account.lastName}`.trim() || account.email;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Zagreb" });
  const when = (iso: string) => <time dateTime={iso}>{time.format(new Date(iso))}</time>;
  const confirming = loaderData.confirming || actionData?.error !== undefined;
  return (
    <section className="admin-page" aria-labelledby="admin-heading">
      <title>{`${name} – ${t("admin.customers.heading")} – ${t("admin.title")}`}</title>
      <p>
        <Link to={SYSTEM_ROUTES.adminCustomers}>{t("admin.customers.back")}</Link>
      </p>
      <h1 id="admin-heading">{name}</h1>
      <dl className="admin-facts-list">
        <dt>{t("admin.customers.email")}</dt>
        <dd>
          {account.email} {account.emailVerifiedAt ? null : <small>({t("admin.customers.unverified")})</small>}
        </dd>
        {account.companyName ? (
          <>
            <dt>{t("admin.customers.company")}</dt>
            <dd>{account.companyName}</dd>
          </>
        ) : null}
        <dt>{t("admin.customers.language")}</dt>
        <dd>{account.language}</dd>
        {account.memberCardBarcode ? (
          <>
            <dt>{t("admin.customers.memberCard")}</dt>
            <dd>{account.memberCardBarcode}</dd>
          </>
        ) : null}
        <dt>{t("admin.customers.since")}</dt>
        <dd>{when(account.createdAt)}</dd>
      </dl>
      <p>
        <a href={customerDataPath(account.id)} download>
          {t("admin.customers.download")}
        </a>
      </p>

      <h2 id="customer-orders">{t("admin.customers.orders")}</h2>
      {customer.orders.length === 0 ? (
        <p>{t("admin.customers.noOrders")}</p>
      ) : (
        <TableRegion labelledBy="customer-orders">
          <table className="admin-table" aria-labelledby="customer-orders">
            <thead>
              <tr>
                <th scope="col">{t("admin.customers.orderNumber")}</th>
                <th scope="col">{t("admin.customers.orderDate")}</th>
                <th scope="col">{t("admin.customers.orderStatus")}</th>
                <th scope="col">{t("admin.customers.paymentStatus")}</th>
                <th scope="col" className="admin-table__number">
                  {t("admin.customers.orderTotal")}
                </th>
              </tr>
            </thead>
            <tbody>
              {customer.orders.map((o) => (
                <tr key={o.code}>
                  <th scope="row">
                    <Link to={adminOrderPath(o.code)}>{o.number}</Link>
                  </th>
                  <td>{when(o.createdAt)}</td>
                  <td>{statusText(t, `orders.status.order.${o.status}`, o.status)}</td>
                  <td>{statusText(t, `orders.status.payment.${o.paymentStatus}`, o.paymentStatus)}</td>
                  <td className="admin-table__number">{formatPrice(locale, o.totalCents / 100, o.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}

      <h2>{t("admin.customers.addresses")}</h2>
      {customer.addresses.length === 0 ? (
        <p>{t("admin.customers.noAddresses")}</p>
      ) : (
        <ul className="admin-people-grid">
          {customer.addresses.map((a) => (
            <li key={a.id} className="admin-card">
              <Address address={a} />
            </li>
          ))}
        </ul>
      )}

      <h2 id="customer-consents">{t("admin.customers.consents")}</h2>
      {customer.consents.length === 0 ? (
        <p>{t("admin.customers.noConsents")}</p>
      ) : (
        <TableRegion labelledBy="customer-consents">
          <table className="admin-table" aria-labelledby="customer-consents">
            <thead>
              <tr>
                <th scope="col">{t("admin.customers.consent")}</th>
                <th scope="col">{t("admin.customers.consentState")}</th>
                <th scope="col">{t("admin.customers.consentAt")}</th>
                <th scope="col">{t("admin.customers.consentSource")}</th>
              </tr>
            </thead>
            <tbody>
              {customer.consents.map((c, i) => (
                <tr key={`${c.consent}-${c.at}-${i}`}>
                  <th scope="row">
                    {c.consent} <small>v{c.version}</small>
                  </th>
                  <td>{statusText(t, `admin.customers.consentStatus.${c.status}`, c.status)}</td>
                  <td>{when(c.at)}</td>
                  <td>{c.source}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}

      <h2>{t("admin.customers.newsletter")}</h2>
      <Newsletter newsletter={customer.newsletter} locale={locale} />

      {mayErase ? <EraseSection id={account.id} name={name} confirming={confirming} error={actionData?.error ?? null} /> : null}
    </section>
  );
}

type T = ReturnType<typeof useT>;

/** A status's own text where there is one, else the stored value (a status added later still shows). */
function statusText(t: T, key: string, raw: string): string {
  return hasMessage(key) ? t(key) : raw;
}

function Address({ address: a }: { address: AddressView }) {
  const t = useT();
  return (
    <address>
      <strong>{statusText(t, `admin.customers.addressType.${a.type}`, a.type)}</strong>
      <br />
      {a.companyName ? (
        <>
          {a.companyName}
          {a.companyOIB ? `, OIB ${a.companyOIB}` : ""}
          <br />
        </>
      ) : null}
      {a.firstName} {a.lastName}
      <br />
      {a.street} {a.houseNumber}
      <br />
      {a.zipCode} {a.city}, {a.country}
      <br />
      {a.contactEmail} · {a.contactPhone}
    </address>
  );
}

function Newsletter({ newsletter, locale }: { newsletter: AccountExport["newsletter"]; locale: Locale }) {
  const t = useT();
  if (!newsletter) return <p>{t("admin.customers.newsletterNone")}</p>;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "Europe/Zagreb" });
  return (
    <p>
      {newsletter.confirmedAt
        ? t("admin.customers.newsletterConfirmed", { email: newsletter.email, date: day.format(new Date(newsletter.confirmedAt)) })
        : t("admin.customers.newsletterUnconfirmed", { email: newsletter.email })}
    </p>
  );
}

/**
 * The same rules as the customer's own deletion (GDPR Art. 17): the step before says what goes and
 * what the law keeps, and the erase needs the box ticked. Without JavaScript the first button is a
 * link to this page with the confirmation open.
 */
function EraseSection({ id, name, confirming, error }: { id: number; name: string; confirming: boolean; error: string | null }) {
  const t = useT();
  return (
    <section className="admin-card admin-danger" aria-labelledby="erase-heading">
      <h2 id="erase-heading">{t("admin.customers.erase.heading")}</h2>
      {confirming ? (
        <>
          <p>{t("admin.customers.erase.what", { name })}</p>
          <ul>
            <li>{t("admin.customers.erase.gone")}</li>
            <li>{t("admin.customers.erase.kept")}</li>
            <li>{t("admin.customers.erase.final")}</li>
          </ul>
          {error ? <Notice kind="error">{error}</Notice> : null}
          <Form method="post" action={customerPath(id)} className="form">
            <input type="hidden" name="intent" value="erase" />
            <label htmlFor="erase-confirm" className="admin-check">
              <input type="checkbox" id="erase-confirm" name="confirm" value="yes" required /> {t("admin.customers.erase.confirm")}
            </label>
            <div className="admin-actions">
              <button type="submit" className="button button--danger">
                {t("admin.customers.erase.submit")}
              </button>
              <Link to={customerPath(id)}>{t("admin.customers.erase.cancel")}</Link>
            </div>
          </Form>
        </>
      ) : (
        <>
          <p>{t("admin.customers.erase.intro")}</p>
          <Link className="button button--ghost" to={`${customerPath(id)}?erase=confirm#erase-heading`}>
            {t("admin.customers.erase.start")}
          </Link>
        </>
      )}
    </section>
  );
}
