import { type AdminCoupon, SYSTEM_ROUTES, V } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { adminCouponInput } from "@shop/contracts/schemas/admin-catalog.ts";
import { translator } from "@shop/i18n";
import { data, Form, redirect } from "react-router";
import { adminCall, requireStaff, type Staff } from "../../../features/admin/admin.server.ts";
import { failureFields, failureStatus, failureText } from "../../../features/errors/platform-failure.ts";
import { type FieldErrors, fieldErrors, formText } from "../../../features/forms/form-values.ts";
import { Field, SelectField } from "../../../ui/field.tsx";
import { useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/coupon";
import { editorId, eurosText, parseEuros, parseWhole, zagrebInstant, zagrebLocal } from "./catalog-forms.ts";
import { CatalogPage, Check, FormError } from "./catalog-ui.tsx";

const FIELDS = ["code", "kind", "value", "validFrom", "validTo", "minTotal", "usageLimit", "perCustomerLimit"] as const;
type CouponState = Record<(typeof FIELDS)[number], string> & { active: boolean };

function stateOf(c: AdminCoupon | null): CouponState {
  return {
    code: c?.code ?? "",
    kind: c?.kind ?? "percent",
    value: c ? (c.kind === "percent" ? String(c.value) : eurosText(c.value)) : "",
    active: c?.active ?? true,
    validFrom: zagrebLocal(c?.validFrom),
    validTo: zagrebLocal(c?.validTo),
    minTotal: c && c.minTotalCents > 0 ? eurosText(c.minTotalCents) : "",
    usageLimit: c?.usageLimit ? String(c.usageLimit) : "",
    perCustomerLimit: c?.perCustomerLimit ? String(c.perCustomerLimit) : "",
  };
}

function notFound(staff: Staff): never {
  throw data(translator(staff.locale)("admin.catalog.notFound"), { status: 404 });
}

/** The platform has no read of one coupon: it is found in the list (newest first, 100 a page; a shop has few). */
async function couponOf(args: Route.LoaderArgs, staff: Staff, id: number): Promise<AdminCoupon | undefined> {
  for (let page = 1; page <= 1000; page++) {
    const list = await adminCall(args, staff.platform, api.adminCoupons.list, { body: { page, limit: 100 } });
    if (!list.ok) throw data(list.message, { status: failureStatus(list) });
    const found = list.data.records.find((c) => c.id === id);
    if (found || page >= list.data.pagination.lastPage) return found;
  }
  return undefined;
}

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const id = editorId(args.params.id);
  if (id === null) notFound(staff);
  const coupon = id === "new" ? null : await couponOf(args, staff, id);
  if (coupon === undefined) notFound(staff);
  return { coupon, state: stateOf(coupon), key: coupon ? JSON.stringify(coupon) : "new" };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const t = translator(staff.locale);
  const id = editorId(args.params.id);
  if (id === null) notFound(staff);
  const form = await args.request.formData();
  const texts = Object.fromEntries(FIELDS.map((f) => [f, formText(form, f)])) as Record<(typeof FIELDS)[number], string>;
  const state: CouponState = { ...texts, active: formText(form, "active") === "1" };
  const errors: FieldErrors = {};
  const value = state.kind === "fixed" ? parseEuros(state.value) : parseWhole(state.value);
  if (value === null) errors.value = state.kind === "fixed" ? t("admin.catalog.error.price") : t(V.invalid);
  if (value === undefined) errors.value = t(V.required);
  const minTotal = parseEuros(state.minTotal);
  if (minTotal === null) errors.minTotal = t("admin.catalog.error.price");
  const whole = (field: "usageLimit" | "perCustomerLimit") => {
    const n = parseWhole(state[field]);
    if (n === null) errors[field] = t(V.invalid);
    return n ?? null;
  };
  const instant = (field: "validFrom" | "validTo") => {
    const at = zagrebInstant(state[field]);
    if (at === null) errors[field] = t(V.invalid);
    return at ?? null;
  };
  const parsed = adminCouponInput.safeParse({
    code: state.code,
    kind: state.kind,
    value: value ?? 0,
    active: state.active,
    validFrom: instant("validFrom"),
    validTo: instant("validTo"),
    minTotalCents: minTotal ?? 0,
    usageLimit: whole("usageLimit"),
    perCustomerLimit: whole("perCustomerLimit"),
  });
  const rename = (path: string) => (path === "minTotalCents" ? "minTotal" : path);
  if (!parsed.success) for (const [f, m] of Object.entries(fieldErrors(parsed.error.issues, t))) errors[rename(f)] ??= m;
  const refused = (formError: string, status: number) => data({ errors, formError, state }, { status });
  if (!parsed.success || Object.keys(errors).length) return refused(t("admin.catalog.error.fields"), 400);
  const result =
    id === "new"
      ? await adminCall(args, staff.platform, api.adminCoupons.create, { body: parsed.data })
      : await adminCall(args, staff.platform, api.adminCoupons.update, { params: { id }, body: parsed.data });
  if (!result.ok) {
    if (result.status === 404) notFound(staff);
    for (const [f, m] of Object.entries(failureFields(result))) errors[rename(f)] ??= m;
    return refused(Object.keys(errors).length ? t("admin.catalog.error.fields") : failureText(result, t), failureStatus(result));
  }
  throw redirect(`${SYSTEM_ROUTES.adminCatalogCoupons}?done=${id === "new" ? "created" : "saved"}`);
}

export default function CouponPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { coupon } = loaderData;
  const state = actionData?.state ?? loaderData.state;
  const errors = actionData?.errors ?? {};
  return (
    <CatalogPage
      refusal={actionData}
      title={coupon ? t("admin.catalog.coupons.edit", { code: coupon.code }) : t("admin.catalog.coupons.new")}
    >
      {coupon ? <p>{t("admin.catalog.coupons.usedNow", { n: coupon.usedCount })}</p> : null}
      <FormError message={actionData?.formError} />
      <Form method="post" className="form catalog-form admin-card" noValidate key={loaderData.key}>
        <Field name="code" label={t("admin.catalog.coupons.code")} defaultValue={state.code} error={errors.code} autoComplete="off" />
        <SelectField
          name="kind"
          label={t("admin.catalog.coupons.kind")}
          defaultValue={state.kind}
          error={errors.kind}
          options={[
            { value: "percent", label: t("admin.catalog.coupons.percent") },
            { value: "fixed", label: t("admin.catalog.coupons.fixed") },
          ]}
        />
        <Field
          name="value"
          label={t("admin.catalog.coupons.value")}
          hint={t("admin.catalog.coupons.valueHint")}
          inputMode="decimal"
          defaultValue={state.value}
          error={errors.value}
        />
        <Check id="coupon-active" name="active" label={t("admin.catalog.coupons.active")} checked={state.active} />
        <Field
          name="validFrom"
          type="datetime-local"
          label={t("admin.catalog.coupons.validFrom")}
          defaultValue={state.validFrom}
          error={errors.validFrom}
        />
        <Field
          name="validTo"
          type="datetime-local"
          label={t("admin.catalog.coupons.validTo")}
          defaultValue={state.validTo}
          error={errors.validTo}
        />
        <Field
          name="minTotal"
          label={t("admin.catalog.coupons.minTotal")}
          hint={t("admin.catalog.euroHint")}
          inputMode="decimal"
          defaultValue={state.minTotal}
          error={errors.minTotal}
        />
        <Field
          name="usageLimit"
          label={t("admin.catalog.coupons.usageLimit")}
          hint={t("admin.catalog.coupons.limitHint")}
          inputMode="numeric"
          defaultValue={state.usageLimit}
          error={errors.usageLimit}
        />
        <Field
          name="perCustomerLimit"
          label={t("admin.catalog.coupons.perCustomer")}
          hint={t("admin.catalog.coupons.limitHint")}
          inputMode="numeric"
          defaultValue={state.perCustomerLimit}
          error={errors.perCustomerLimit}
        />
        <button type="submit" className="button">
          {coupon ? t("admin.catalog.save") : t("admin.catalog.create")}
        </button>
      </Form>
    </CatalogPage>
  );
}
