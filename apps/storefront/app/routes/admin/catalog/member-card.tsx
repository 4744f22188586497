import { type AdminMemberCard, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { adminMemberCardInput } from "@shop/contracts/schemas/admin-catalog.ts";
import { translator } from "@shop/i18n";
import { data, Form, redirect } from "react-router";
import { adminCall, requireStaff, type Staff } from "../../../features/admin/admin.server.ts";
import { failureFields, failureStatus, failureText } from "../../../features/errors/platform-failure.ts";
import { type FieldErrors, fieldErrors, formText } from "../../../features/forms/form-values.ts";
import { Field } from "../../../ui/field.tsx";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/member-card";
import { editorId, formatInstant, zagrebInstant, zagrebLocal } from "./catalog-forms.ts";
import { CatalogPage, FormError } from "./catalog-ui.tsx";

interface CardState {
  barcode: string;
  holderEmail: string;
  validUntil: string;
}

function notFound(staff: Staff): never {
  throw data(translator(staff.locale)("admin.catalog.notFound"), { status: 404 });
}

/** The platform has no read of one card: it is found in the list (newest first, 100 a page). */
async function cardOf(args: Route.LoaderArgs, staff: Staff, id: number): Promise<AdminMemberCard | undefined> {
  for (let page = 1; page <= 1000; page++) {
    const list = await adminCall(args, staff.platform, api.adminMemberCards.list, { body: { page, limit: 100 } });
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
  const card = id === "new" ? null : await cardOf(args, staff, id);
  if (card === undefined) notFound(staff);
  return {
    card,
    state: { barcode: card?.barcode ?? "", holderEmail: card?.holderEmail ?? "", validUntil: zagrebLocal(card?.validUntil) } as CardState,
    key: card ? JSON.stringify(card) : "new",
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const t = translator(staff.locale);
  const id = editorId(args.params.id);
  if (id === null) notFound(staff);
  const form = await args.request.formData();
  const state: CardState = {
    barcode: formText(form, "barcode"),
    holderEmail: formText(form, "holderEmail"),
    validUntil: formText(form, "validUntil"),
  };
  const errors: FieldErrors = {};
  const validUntil = zagrebInstant(state.validUntil);
  if (validUntil === null) errors.validUntil = t("validation.invalid");
  const parsed = adminMemberCardInput.safeParse({ barcode: state.barcode, holderEmail: state.holderEmail, validUntil: validUntil ?? null });
  if (!parsed.success) for (const [f, m] of Object.entries(fieldErrors(parsed.error.issues, t))) errors[f] ??= m;
  const refused = (formError: string, status: number) => data({ errors, formError, state }, { status });
  if (!parsed.success || Object.keys(errors).length) return refused(t("admin.catalog.error.fields"), 400);
  const result =
    id === "new"
      ? await adminCall(args, staff.platform, api.adminMemberCards.create, { body: parsed.data })
      : await adminCall(args, staff.platform, api.adminMemberCards.update, { params: { id }, body: parsed.data });
  if (!result.ok) {
    if (result.status === 404) notFound(staff);
    for (const [f, m] of Object.entries(failureFields(result))) errors[f] ??= m;
    return refused(Object.keys(errors).length ? t("admin.catalog.error.fields") : failureText(result, t), failureStatus(result));
  }
  throw redirect(`${SYSTEM_ROUTES.adminCatalogMemberCards}?done=${id === "new" ? "created" : "saved"}`);
}

export default function MemberCardPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { card } = loaderData;
  const state = actionData?.state ?? loaderData.state;
  const errors = actionData?.errors ?? {};
  return (
    <CatalogPage refusal={actionData} title={card ? t("admin.catalog.cards.edit", { code: card.barcode }) : t("admin.catalog.cards.new")}>
      {card?.revokedAt ? <p>{t("admin.catalog.cards.revokedOn", { at: formatInstant(card.revokedAt, locale) })}</p> : null}
      <FormError message={actionData?.formError} />
      <Form method="post" className="form catalog-form admin-card" noValidate key={loaderData.key}>
        <Field
          name="barcode"
          label={t("admin.catalog.cards.barcode")}
          hint={t("admin.catalog.cards.barcodeHint")}
          defaultValue={state.barcode}
          error={errors.barcode}
          autoComplete="off"
        />
        <Field
          name="holderEmail"
          type="email"
          label={t("admin.catalog.cards.holderEmail")}
          hint={t("admin.catalog.cards.holderHint")}
          defaultValue={state.holderEmail}
          error={errors.holderEmail}
          autoComplete="off"
        />
        <Field
          name="validUntil"
          type="datetime-local"
          label={t("admin.catalog.cards.validUntil")}
          hint={t("admin.catalog.cards.validUntilHint")}
          defaultValue={state.validUntil}
          error={errors.validUntil}
        />
        <button type="submit" className="button">
          {card ? t("admin.catalog.save") : t("admin.catalog.create")}
        </button>
      </Form>
    </CatalogPage>
  );
}
