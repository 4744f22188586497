import { type AdminCategory, LOCALES, type Locale, SORT_OPTIONS, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { adminCategoryInput } from "@shop/contracts/schemas/admin-catalog.ts";
import { translator } from "@shop/i18n";
import { data, Form, redirect } from "react-router";
import { adminCall, requireStaff, type Staff } from "../../../features/admin/admin.server.ts";
import { failureFields, failureStatus, failureText } from "../../../features/errors/platform-failure.ts";
import { type FieldErrors, fieldErrors, formText } from "../../../features/forms/form-values.ts";
import { Field, SelectField } from "../../../ui/field.tsx";
import { useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/category";
import { categoryOptions, editorId, indented, inLocale, renameFields } from "./catalog-forms.ts";
import { CatalogPage, FormError, TextArea } from "./catalog-ui.tsx";

const LANGUAGE_NAMES = { hr: "Hrvatski", en: "English", de: "Deutsch" } as const;

interface CategoryState {
  parentId: string;
  imageSrc: string;
  sortDefault: string;
  texts: Record<Locale, { name: string; slug: string; description: string }>;
}

function stateOf(c: AdminCategory | null): CategoryState {
  const texts = Object.fromEntries(LOCALES.map((l) => [l, { name: "", slug: "", description: "" }])) as CategoryState["texts"];
  for (const tr of c?.translations ?? []) texts[tr.language] = { name: tr.name, slug: tr.slug, description: tr.description };
  return { parentId: c?.parentId ? String(c.parentId) : "", imageSrc: c?.imageSrc ?? "", sortDefault: c?.sortDefault ?? "", texts };
}

function notFound(staff: Staff): never {
  throw data(translator(staff.locale)("admin.catalog.notFound"), { status: 404 });
}

async function treeOf(args: Route.LoaderArgs | Route.ActionArgs, staff: Staff) {
  const tree = await adminCall(args, staff.platform, api.adminCatalog.categoryTree);
  if (!tree.ok) throw data(tree.message, { status: failureStatus(tree) });
  return tree.data;
}

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const id = editorId(args.params.id);
  if (id === null) notFound(staff);
  const tree = await treeOf(args, staff);
  const category = id === "new" ? null : tree.find((c) => c.id === id);
  if (category === undefined) notFound(staff);
  // A category cannot sit under itself or its own subcategories: those are left out of the parents.
  const within = new Set<number>(category ? [category.id] : []);
  for (const c of tree) if (c.parentId !== null && within.has(c.parentId)) within.add(c.id);
  return {
    isNew: category === null,
    name: category ? (inLocale(category.translations, staff.locale)?.name ?? "") : "",
    state: stateOf(category),
    parents: categoryOptions(tree, staff.locale).filter((o) => !within.has(o.id)),
    key: category ? JSON.stringify(category) : "new",
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const t = translator(staff.locale);
  const id = editorId(args.params.id);
  if (id === null) notFound(staff);
  const form = await args.request.formData();
  const state: CategoryState = {
    parentId: formText(form, "parentId"),
    imageSrc: formText(form, "imageSrc"),
    sortDefault: formText(form, "sortDefault"),
    texts: Object.fromEntries(
      LOCALES.map((l) => [
        l,
        { name: formText(form, `name.${l}`), slug: formText(form, `slug.${l}`), description: formText(form, `description.${l}`) },
      ]),
    ) as CategoryState["texts"],
  };
  const sent = LOCALES.filter((l) => l === "hr" || Object.values(state.texts[l]).some((v) => v.trim() !== ""));
  const rename = (path: string) => {
    const [head, index, leaf] = path.split(".");
    if (head !== "translations") return head ?? path;
    return `${leaf === "slug" || leaf === "description" ? leaf : "name"}.${sent[Number(index)] ?? "hr"}`;
  };
  const parsed = adminCategoryInput.safeParse({
    parentId: state.parentId ? Number(state.parentId) : null,
    imageSrc: state.imageSrc.trim() || null,
    sortDefault: state.sortDefault || null,
    translations: sent.map((language) => ({ language, ...state.texts[language] })),
  });
  const refused = (errors: FieldErrors, formError: string, status: number) => data({ errors, formError, state }, { status });
  if (!parsed.success) return refused(renameFields(fieldErrors(parsed.error.issues, t), rename), t("admin.catalog.error.fields"), 400);
  const result =
    id === "new"
      ? await adminCall(args, staff.platform, api.adminCatalog.categoryCreate, { body: parsed.data })
      : await adminCall(args, staff.platform, api.adminCatalog.categoryUpdate, { params: { id }, body: parsed.data });
  if (!result.ok) {
    if (result.status === 404) notFound(staff);
    const errors = renameFields(failureFields(result), rename);
    return refused(errors, Object.keys(errors).length ? t("admin.catalog.error.fields") : failureText(result, t), failureStatus(result));
  }
  throw redirect(`${SYSTEM_ROUTES.adminCatalogCategories}?done=${id === "new" ? "created" : "saved"}`);
}

export default function CategoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { isNew, name, parents } = loaderData;
  const state = actionData?.state ?? loaderData.state;
  const errors = actionData?.errors ?? {};
  return (
    <CatalogPage refusal={actionData} title={isNew ? t("admin.catalog.categories.new") : t("admin.catalog.categories.edit", { name })}>
      <FormError message={actionData?.formError} />
      <Form method="post" className="form catalog-form" noValidate key={loaderData.key}>
        <fieldset className="admin-card">
          <legend>{t("admin.catalog.product.basics")}</legend>
          <SelectField
            name="parentId"
            label={t("admin.catalog.categories.parent")}
            defaultValue={state.parentId}
            error={errors.parentId}
            options={[
              { value: "", label: t("admin.catalog.categories.top") },
              ...parents.map((p) => ({ value: String(p.id), label: indented(p) })),
            ]}
          />
          <SelectField
            name="sortDefault"
            label={t("admin.catalog.categories.sort")}
            defaultValue={state.sortDefault}
            error={errors.sortDefault}
            options={[
              { value: "", label: t("admin.catalog.categories.sortNone") },
              ...SORT_OPTIONS.map((o) => ({ value: o.id, label: t(`shop.sort.${o.id}`) })),
            ]}
          />
          <Field
            name="imageSrc"
            label={t("admin.catalog.categories.image")}
            hint={t("admin.catalog.categories.imageHint")}
            defaultValue={state.imageSrc}
            error={errors.imageSrc}
          />
        </fieldset>
        {LOCALES.map((l) => (
          <fieldset className="admin-card" key={l}>
            <legend>
              {LANGUAGE_NAMES[l]}
              {l === "hr" ? ` (${t("admin.catalog.required")})` : ""}
            </legend>
            <Field name={`name.${l}`} label={t("admin.catalog.name")} defaultValue={state.texts[l].name} error={errors[`name.${l}`]} />
            <Field
              name={`slug.${l}`}
              label={t("admin.catalog.slug")}
              hint={t("admin.catalog.slugHint")}
              defaultValue={state.texts[l].slug}
              error={errors[`slug.${l}`]}
              autoComplete="off"
            />
            <TextArea
              name={`description.${l}`}
              label={t("admin.catalog.description")}
              hint={t("admin.catalog.descriptionHint")}
              defaultValue={state.texts[l].description}
              error={errors[`description.${l}`]}
            />
          </fieldset>
        ))}
        <button type="submit" className="button">
          {isNew ? t("admin.catalog.create") : t("admin.catalog.save")}
        </button>
      </Form>
    </CatalogPage>
  );
}
