import { type AdminCategory, LOCALES, type Locale, SORT_OPTIONS, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { adminCategoryInput } from "@shop/contracts/schemas/admin-catalog.ts";
import { data } from "react-router";
import { adminCall, type Staff } from "../../../features/admin/admin.server.ts";
import { failureStatus } from "../../../features/errors/platform-failure.ts";
import { formText } from "../../../features/forms/form-values.ts";
import { Field, SelectField } from "../../../ui/field.tsx";
import { useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/category";
import { editorOf, notFound, saveEditor } from "./catalog-editor.server.ts";
import { categoryOptions, indented, inLocale } from "./catalog-forms.ts";
import { bindFields, CatalogPage, EditorForm, LanguageTexts } from "./catalog-ui.tsx";

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

async function treeOf(args: Route.LoaderArgs | Route.ActionArgs, staff: Staff) {
  const tree = await adminCall(args, staff.platform, api.adminCatalog.categoryTree);
  if (!tree.ok) throw data(tree.message, { status: failureStatus(tree) });
  return tree.data;
}

export async function loader(args: Route.LoaderArgs) {
  const { staff, id } = await editorOf(args);
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
  const editor = await editorOf(args);
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
  return saveEditor(editor, {
    state,
    parsed,
    rename,
    listPath: SYSTEM_ROUTES.adminCatalogCategories,
    create: (body) => adminCall(args, editor.staff.platform, api.adminCatalog.categoryCreate, { body }),
    update: (id, body) => adminCall(args, editor.staff.platform, api.adminCatalog.categoryUpdate, { params: { id }, body }),
  });
}

export default function CategoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { isNew, name, parents } = loaderData;
  const state = actionData?.state ?? loaderData.state;
  const errors = actionData?.errors ?? {};
  const bound = bindFields(state, errors);
  return (
    <CatalogPage refusal={actionData} title={isNew ? t("admin.catalog.categories.new") : t("admin.catalog.categories.edit", { name })}>
      <EditorForm isNew={isNew} formError={actionData?.formError} key={loaderData.key}>
        <fieldset className="admin-card">
          <legend>{t("admin.catalog.product.basics")}</legend>
          <SelectField
            {...bound("parentId")}
            label={t("admin.catalog.categories.parent")}
            options={[
              { value: "", label: t("admin.catalog.categories.top") },
              ...parents.map((p) => ({ value: String(p.id), label: indented(p) })),
            ]}
          />
          <SelectField
            {...bound("sortDefault")}
            label={t("admin.catalog.categories.sort")}
            options={[
              { value: "", label: t("admin.catalog.categories.sortNone") },
              ...SORT_OPTIONS.map((o) => ({ value: o.id, label: t(`shop.sort.${o.id}`) })),
            ]}
          />
          <Field {...bound("imageSrc")} label={t("admin.catalog.categories.image")} hint={t("admin.catalog.categories.imageHint")} />
        </fieldset>
        <LanguageTexts texts={state.texts} errors={errors} />
      </EditorForm>
    </CatalogPage>
  );
}
