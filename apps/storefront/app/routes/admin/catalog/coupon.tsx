import { type AdminCoupon, SYSTEM_ROUTES, V } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { adminCouponInput } from "@shop/contracts/schemas/admin-catalog.ts";
import { adminCall } from "../../../features/admin/admin.server.ts";
import { eurosText, parseEuros } from "../../../features/admin/euros.ts";
import { type FieldErrors, formText } from "../../../features/forms/form-values.ts";
import { Field, SelectField } from "../../../ui/field.tsx";
import { useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/coupon";
import { editorOf, findInList, notFound, saveEditor } from "./catalog-editor.server.ts";
import { parseWhole, zagrebInstant, zagrebLocal } from "./catalog-forms.ts";
import { bindFields, CatalogPage, Check, EditorForm } from "./catalog-ui.tsx";

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

export async function loader(args: Route.LoaderArgs) {
  const { staff, id } = await editorOf(args);
  const coupon =
    id === "new"
      ? null
      : await findInList((page) => adminCall(args, staff.platform, api.adminCoupons.list, { body: { page, limit: 100 } }), id);
  if (coupon === undefined) notFound(staff);
  return { coupon, state: stateOf(coupon), key: coupon ? JSON.stringify(coupon) : "new" };
}

export async function action(args: Route.ActionArgs) {
  const editor = await editorOf(args);
  const { t } = editor;
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
  return saveEditor(editor, {
    state,
    parsed,
    errors,
    rename: (path) => (path === "minTotalCents" ? "minTotal" : path),
    listPath: SYSTEM_ROUTES.adminCatalogCoupons,
    create: (body) => adminCall(args, editor.staff.platform, api.adminCoupons.create, { body }),
    update: (id, body) => adminCall(args, editor.staff.platform, api.adminCoupons.update, { params: { id }, body }),
  });
}

export default function CouponPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { coupon } = loaderData;
  const state = actionData?.state ?? loaderData.state;
  const bound = bindFields(state, actionData?.errors ?? {});
  return (
    <CatalogPage
      refusal={actionData}
      title={coupon ? t("admin.catalog.coupons.edit", { code: coupon.code }) : t("admin.catalog.coupons.new")}
    >
      {coupon ? <p>{t("admin.catalog.coupons.usedNow", { n: coupon.usedCount })}</p> : null}
      <EditorForm isNew={!coupon} formError={actionData?.formError} card key={loaderData.key}>
        <Field {...bound("code")} label={t("admin.catalog.coupons.code")} autoComplete="off" />
        <SelectField
          {...bound("kind")}
          label={t("admin.catalog.coupons.kind")}
          options={[
            { value: "percent", label: t("admin.catalog.coupons.percent") },
            { value: "fixed", label: t("admin.catalog.coupons.fixed") },
          ]}
        />
        <Field
          {...bound("value")}
          label={t("admin.catalog.coupons.value")}
          hint={t("admin.catalog.coupons.valueHint")}
          inputMode="decimal"
        />
        <Check id="coupon-active" name="active" label={t("admin.catalog.coupons.active")} checked={state.active} />
        <Field {...bound("validFrom")} type="datetime-local" label={t("admin.catalog.coupons.validFrom")} />
        <Field {...bound("validTo")} type="datetime-local" label={t("admin.catalog.coupons.validTo")} />
        <Field {...bound("minTotal")} label={t("admin.catalog.coupons.minTotal")} hint={t("admin.catalog.euroHint")} inputMode="decimal" />
        <Field
          {...bound("usageLimit")}
          label={t("admin.catalog.coupons.usageLimit")}
          hint={t("admin.catalog.coupons.limitHint")}
          inputMode="numeric"
        />
        <Field
          {...bound("perCustomerLimit")}
          label={t("admin.catalog.coupons.perCustomer")}
          hint={t("admin.catalog.coupons.limitHint")}
          inputMode="numeric"
        />
      </EditorForm>
    </CatalogPage>
  );
}
