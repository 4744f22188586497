import { SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { adminMemberCardInput } from "@shop/contracts/schemas/admin-catalog.ts";
import { adminCall } from "../../../features/admin/admin.server.ts";
import { type FieldErrors, formText } from "../../../features/forms/form-values.ts";
import { Field } from "../../../ui/field.tsx";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/member-card";
import { editorOf, findInList, notFound, saveEditor } from "./catalog-editor.server.ts";
import { formatInstant, zagrebInstant, zagrebLocal } from "./catalog-forms.ts";
import { bindFields, CatalogPage, EditorForm } from "./catalog-ui.tsx";

interface CardState {
  barcode: string;
  holderEmail: string;
  validUntil: string;
}

export async function loader(args: Route.LoaderArgs) {
  const { staff, id } = await editorOf(args);
  const card =
    id === "new"
      ? null
      : await findInList((page) => adminCall(args, staff.platform, api.adminMemberCards.list, { body: { page, limit: 100 } }), id);
  if (card === undefined) notFound(staff);
  return {
    card,
    state: { barcode: card?.barcode ?? "", holderEmail: card?.holderEmail ?? "", validUntil: zagrebLocal(card?.validUntil) } as CardState,
    key: card ? JSON.stringify(card) : "new",
  };
}

export async function action(args: Route.ActionArgs) {
  const editor = await editorOf(args);
  const { t } = editor;
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
  return saveEditor(editor, {
    state,
    parsed,
    errors,
    listPath: SYSTEM_ROUTES.adminCatalogMemberCards,
    create: (body) => adminCall(args, editor.staff.platform, api.adminMemberCards.create, { body }),
    update: (id, body) => adminCall(args, editor.staff.platform, api.adminMemberCards.update, { params: { id }, body }),
  });
}

export default function MemberCardPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { card } = loaderData;
  const bound = bindFields(actionData?.state ?? loaderData.state, actionData?.errors ?? {});
  return (
    <CatalogPage refusal={actionData} title={card ? t("admin.catalog.cards.edit", { code: card.barcode }) : t("admin.catalog.cards.new")}>
      {card?.revokedAt ? <p>{t("admin.catalog.cards.revokedOn", { at: formatInstant(card.revokedAt, locale) })}</p> : null}
      <EditorForm isNew={!card} formError={actionData?.formError} card key={loaderData.key}>
        <Field
          {...bound("barcode")}
          label={t("admin.catalog.cards.barcode")}
          hint={t("admin.catalog.cards.barcodeHint")}
          autoComplete="off"
        />
        <Field
          {...bound("holderEmail")}
          type="email"
          label={t("admin.catalog.cards.holderEmail")}
          hint={t("admin.catalog.cards.holderHint")}
          autoComplete="off"
        />
        <Field
          {...bound("validUntil")}
          type="datetime-local"
          label={t("admin.catalog.cards.validUntil")}
          hint={t("admin.catalog.cards.validUntilHint")}
        />
      </EditorForm>
    </CatalogPage>
  );
}
