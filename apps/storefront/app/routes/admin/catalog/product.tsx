import { type AdminAttribute, PRODUCT_FORMATS, SYSTEM_ROUTES, staffMay, V } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { VAT_RATES } from "@shop/contracts/schemas/admin-catalog.ts";
import { data, Form, redirect } from "react-router";
import { adminCall, type Staff } from "../../../features/admin/admin.server.ts";
import { failureFields, failureStatus, failureText, isMissing } from "../../../features/errors/platform-failure.ts";
import { type FieldErrors, formText } from "../../../features/forms/form-values.ts";
import { Field, SelectField } from "../../../ui/field.tsx";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/product";
import { editorOf, notFound, refusalOf } from "./catalog-editor.server.ts";
import { categoryOptions, doneOf, editorPath, parseWhole, renameFields, zagrebLocal } from "./catalog-forms.ts";
import { bindFields, CatalogPage, Check, EditorForm, FormError, GroupError, LanguageTexts, TextArea } from "./catalog-ui.tsx";
import { buildProduct, emptyState, type ProductFormState, stateFromForm, stateOf } from "./product-form.server.ts";

/** Public pictures of the media library to choose from. The library is the content scope's: without it the list is empty and says why. */
async function libraryOf(staff: Staff) {
  if (!staffMay(staff.user.staff, "content")) return { allowed: false, items: [] };
  const page = await staff.platform.call(api.media.filterStandard, { body: { search: "", access: "public", page: 1, limit: 100 } });
  const items = page.ok
    ? page.data.records.flatMap((m) =>
        m.mime.startsWith("image/") && m.url
          ? [{ id: m.id, title: m.title || m.originalName, url: m.alternativePaths.ThumbnailSize ?? m.url }]
          : [],
      )
    : [];
  return { allowed: true, items };
}

export async function loader(args: Route.LoaderArgs) {
  const { staff, id } = await editorOf(args);
  const [product, tree, attributes, library] = await Promise.all([
    id === "new" ? null : adminCall(args, staff.platform, api.adminCatalog.productGet, { params: { id } }),
    adminCall(args, staff.platform, api.adminCatalog.categoryTree),
    adminCall(args, staff.platform, api.adminCatalog.attributeList),
    libraryOf(staff),
  ]);
  if (product && !product.ok) {
    if (isMissing(product)) notFound(staff);
    throw data(product.message, { status: failureStatus(product) });
  }
  if (!tree.ok) throw data(tree.message, { status: failureStatus(tree) });
  if (!attributes.ok) throw data(attributes.message, { status: failureStatus(attributes) });
  let state = emptyState();
  if (product) {
    const p = product.data;
    const named = [...new Set([...p.crossSellIds, ...p.variantIds, ...p.bundleParts.map((b) => b.productId)])];
    const skus = new Map(
      await Promise.all(
        named.map(async (n) => {
          const other = await adminCall(args, staff.platform, api.adminCatalog.productGet, { params: { id: n } });
          return [n, other.ok ? other.data.sku : String(n)] as const;
        }),
      ),
    );
    state = stateOf(p, (n) => skus.get(n) ?? String(n));
  }
  return {
    id,
    product: product
      ? {
          name: product.data.translations.find((t) => t.language === staff.locale)?.name ?? product.data.sku,
          stock: product.data.stock,
          ordered: product.data.ordered,
          updatedAt: product.data.updatedAt,
          media: product.data.media.map((m) => ({ src: m.src, alt: m.alt })),
        }
      : null,
    state,
    categories: categoryOptions(tree.data, staff.locale),
    attributes: attributes.data,
    // A picture the product already shows is among its own, not offered again.
    library: { ...library, items: library.items.filter((m) => !product?.data.media.some((own) => own.mediaId === m.id)) },
    done: doneOf(args.request, ["created", "saved", "stock"]),
  };
}

interface ActionData {
  intent: string;
  errors: FieldErrors;
  formError: string | null;
  state?: ProductFormState;
}

export async function action(args: Route.ActionArgs) {
  const { staff, t, id } = await editorOf(args);
  const form = await args.request.formData();
  const intent = formText(form, "intent");
  const refused = (body: ActionData, status: number) => data<ActionData>(body, { status });

  if (intent === "save") {
    const attributes = await adminCall(args, staff.platform, api.adminCatalog.attributeList);
    if (!attributes.ok) throw data(attributes.message, { status: failureStatus(attributes) });
    const state = stateFromForm(form, attributes.data);
    const built = await buildProduct(staff, state, attributes.data, id === "new", t);
    if (!built.body) return refused({ intent, errors: built.errors, formError: t("admin.catalog.error.fields"), state }, 400);
    const { stock, ...input } = built.body;
    const result =
      id === "new"
        ? await adminCall(args, staff.platform, api.adminCatalog.productCreate, { body: built.body })
        : await adminCall(args, staff.platform, api.adminCatalog.productUpdate, { params: { id }, body: input });
    if (!result.ok) {
      // Only a stored product can be gone; a 404 to a new one is shown on the form.
      const { status, ...refusal } = refusalOf(staff, t, result, built.rename, id !== "new");
      return refused({ intent, ...refusal, state }, status);
    }
    throw redirect(`${editorPath("adminCatalogProduct", result.data.id)}?done=${id === "new" ? "created" : "saved"}`);
  }
  if (id === "new") throw data(null, { status: 400 });

  if (intent === "stockAdd" || intent === "stockSet") {
    const field = intent === "stockAdd" ? "delta" : "set";
    const value = parseWhole(formText(form, field));
    const expected = parseWhole(formText(form, "expected"));
    if (value === null || (value === undefined && intent === "stockAdd") || expected === null)
      return refused({ intent, errors: { [field]: t(value === undefined ? V.required : V.invalid) }, formError: null }, 400);
    const body = intent === "stockAdd" ? { delta: value ?? 0 } : { set: value ?? null, expected: expected ?? null };
    const result = await adminCall(args, staff.platform, api.adminCatalog.productStock, { params: { id }, body });
    if (!result.ok) {
      if (result.status === 404) notFound(staff);
      const errors = renameFields(failureFields(result), () => field);
      return refused({ intent, errors, formError: Object.keys(errors).length ? null : failureText(result, t) }, failureStatus(result));
    }
    throw redirect(`${editorPath("adminCatalogProduct", id)}?done=stock`);
  }

  if (intent === "delete") {
    const result = await adminCall(args, staff.platform, api.adminCatalog.productDelete, { params: { id } });
    if (!result.ok) {
      if (result.status === 404) notFound(staff);
      return refused({ intent, errors: {}, formError: failureText(result, t) }, failureStatus(result));
    }
    throw redirect(`${SYSTEM_ROUTES.adminCatalog}?done=${result.data.outcome}`);
  }
  throw data(null, { status: 400 });
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { product, categories, attributes, library, done } = loaderData;
  const saving = actionData?.intent === "save" ? actionData : null;
  const state = saving?.state ?? loaderData.state;
  const errors = saving?.errors ?? {};
  const bound = bindFields(state, errors);
  const title = product ? t("admin.catalog.product.edit", { name: product.name }) : t("admin.catalog.product.new");
  return (
    <CatalogPage refusal={actionData} title={title} done={done ? t(`admin.catalog.product.${done}`) : null}>
      <EditorForm isNew={!product} formError={saving?.formError} key={product?.updatedAt ?? "new"}>
        <input type="hidden" name="intent" value="save" />
        <fieldset className="admin-card">
          <legend>{t("admin.catalog.product.basics")}</legend>
          <Field {...bound("sku")} label={t("admin.catalog.products.sku")} required autoComplete="off" />
          <SelectField
            {...bound("format")}
            label={t("admin.catalog.products.format")}
            options={PRODUCT_FORMATS.map((f) => ({ value: f, label: t(`admin.catalog.format.${f}`) }))}
          />
          <Field {...bound("classificationCode")} label={t("admin.catalog.product.kpd")} hint={t("admin.catalog.product.kpdHint")} />
          <Check id="product-featured" name="featured" label={t("admin.catalog.product.featured")} checked={state.featured} />
          <Check id="product-archived" name="archived" label={t("admin.catalog.product.archived")} checked={state.archived} />
          <Field
            {...bound("categoryPriority")}
            label={t("admin.catalog.product.priority")}
            hint={t("admin.catalog.product.priorityHint")}
            inputMode="numeric"
          />
        </fieldset>

        <LanguageTexts texts={state.texts} errors={errors} descriptionRows={6} />

        <fieldset className="admin-card">
          <legend>{t("admin.catalog.product.prices")}</legend>
          <Field
            {...bound("retail")}
            label={t("admin.catalog.product.retail")}
            inputMode="decimal"
            required
            hint={t("admin.catalog.product.pricesHint")}
          />
          <SelectField
            {...bound("vatRate")}
            label={t("admin.catalog.product.vatRate")}
            options={VAT_RATES.map((r) => ({ value: String(r), label: `${r} %` }))}
          />
          <Field {...bound("membership")} label={t("admin.catalog.product.membership")} inputMode="decimal" />
          <Field
            {...bound("discount")}
            label={t("admin.catalog.product.discount")}
            hint={t("admin.catalog.product.discountHint")}
            inputMode="decimal"
          />
          <Field {...bound("discountFrom")} type="datetime-local" label={t("admin.catalog.product.discountFrom")} />
          <Field {...bound("discountTo")} type="datetime-local" label={t("admin.catalog.product.discountTo")} />
          {product ? null : (
            <Field
              {...bound("stock")}
              label={t("admin.catalog.product.stock")}
              hint={t("admin.catalog.product.stockHint")}
              inputMode="numeric"
            />
          )}
        </fieldset>

        <fieldset className="admin-card" aria-describedby={errors.categories ? "categories-error" : undefined}>
          <legend>{t("admin.catalog.product.categories")}</legend>
          <ul className="catalog-choices">
            {categories.map((c) => (
              <li key={c.id} style={{ paddingInlineStart: `${c.depth * 1.25}rem` }}>
                <Check
                  id={`product-category-${c.id}`}
                  name="categories"
                  value={String(c.id)}
                  label={c.name}
                  checked={state.categories.includes(String(c.id))}
                />
              </li>
            ))}
          </ul>
          <GroupError id="categories-error" message={errors.categories} />
        </fieldset>

        {attributes.length ? (
          <fieldset className="admin-card">
            <legend>{t("admin.catalog.product.attributes")}</legend>
            {attributes.map((a) => (
              <AttributeInput key={a.id} attribute={a} chosen={state.attributes[String(a.id)] ?? []} error={errors[`attr.${a.id}`]} />
            ))}
          </fieldset>
        ) : null}

        <fieldset className="admin-card" aria-describedby={errors.images ? "images-error" : undefined}>
          <legend>{t("admin.catalog.product.images")}</legend>
          {product?.media.length ? (
            <>
              <p>{t("admin.catalog.product.imagesOwn")}</p>
              <PictureChoices
                name="keep"
                pictures={product.media.map((m, i) => ({
                  id: `product-keep-${i}`,
                  value: m.src,
                  src: m.src,
                  label: m.alt || t("admin.catalog.product.picture", { n: i + 1 }),
                }))}
                chosen={state.keep}
              />
            </>
          ) : null}
          <p>{library.allowed ? t("admin.catalog.product.imagesLibrary") : t("admin.catalog.product.imagesNoLibrary")}</p>
          {library.allowed && library.items.length === 0 ? <p>{t("admin.catalog.product.libraryEmpty")}</p> : null}
          {library.items.length ? (
            <PictureChoices
              name="media"
              pictures={library.items.map((m) => ({ id: `product-media-${m.id}`, value: String(m.id), src: m.url, label: m.title }))}
              chosen={state.media}
            />
          ) : null}
          <GroupError id="images-error" message={errors.images} />
        </fieldset>

        <fieldset className="admin-card">
          <legend>{t("admin.catalog.product.related")}</legend>
          <Field
            {...bound("crossSells")}
            label={t("admin.catalog.product.crossSells")}
            hint={t("admin.catalog.product.skusHint")}
            autoComplete="off"
          />
          <Field
            {...bound("variants")}
            label={t("admin.catalog.product.variants")}
            hint={t("admin.catalog.product.variantsHint")}
            autoComplete="off"
          />
          {attributes.length ? (
            <fieldset className="catalog-subset">
              <legend>{t("admin.catalog.product.variantAttributes")}</legend>
              {attributes.map((a) => (
                <Check
                  key={a.id}
                  id={`product-variant-attr-${a.id}`}
                  name="variantAttributes"
                  value={String(a.id)}
                  label={labelOf(a, locale)}
                  checked={state.variantAttributes.includes(String(a.id))}
                />
              ))}
              <GroupError id="variant-attributes-error" message={errors.variantAttributes} />
            </fieldset>
          ) : null}
          <TextArea
            {...bound("bundleParts")}
            label={t("admin.catalog.product.bundleParts")}
            hint={t("admin.catalog.product.bundleHint")}
            rows={3}
          />
        </fieldset>
      </EditorForm>
      {product ? <StockForms stock={product.stock} actionData={actionData} /> : null}
      {product ? (
        <Form method="post" className="admin-card catalog-danger">
          <input type="hidden" name="intent" value="delete" />
          <h2>{t("admin.catalog.product.deleteHeading")}</h2>
          <p>{product.ordered ? t("admin.catalog.product.deleteOrdered") : t("admin.catalog.product.deleteHint")}</p>
          <FormError message={actionData?.intent === "delete" ? actionData.formError : null} />
          <button type="submit" className="button button--ghost">
            {product.ordered ? t("admin.catalog.product.archive") : t("admin.catalog.delete")}
          </button>
        </Form>
      ) : null}
    </CatalogPage>
  );
}

/** Pictures to tick, each shown small with its checkbox. */
function PictureChoices({
  name,
  pictures,
  chosen,
}: {
  name: string;
  pictures: { id: string; value: string; src: string; label: string }[];
  chosen: string[];
}) {
  return (
    <ul className="catalog-pictures">
      {pictures.map((p) => (
        <li key={p.value}>
          <img src={p.src} alt="" width="96" height="96" loading="lazy" />
          <Check id={p.id} name={name} value={p.value} label={p.label} checked={chosen.includes(p.value)} />
        </li>
      ))}
    </ul>
  );
}

function labelOf(a: AdminAttribute, locale: string): string {
  return (a.translations.find((t) => t.language === locale) ?? a.translations.find((t) => t.language === "hr"))?.label ?? a.code;
}

function valueLabel(v: AdminAttribute["values"][number], locale: string): string {
  return (v.translations.find((x) => x.language === locale) ?? v.translations[0])?.label ?? String(v.id);
}

/** One attribute's value in the input its type needs: choices as a select or checkboxes, else a typed value. */
function AttributeInput({ attribute: a, chosen, error }: { attribute: AdminAttribute; chosen: string[]; error?: string }) {
  const t = useT();
  const locale = useLocale();
  const name = `attr.${a.id}`;
  const label = labelOf(a, locale);
  const first = chosen[0] ?? "";
  if (a.inputType === "MultiSelect") {
    return (
      <fieldset className="catalog-subset" aria-describedby={error ? `attr-${a.id}-error` : undefined}>
        <legend>{label}</legend>
        {a.values.map((v) => (
          <Check
            key={v.id}
            id={`attr-${a.id}-${v.id}`}
            name={name}
            value={String(v.id)}
            label={valueLabel(v, locale)}
            checked={chosen.includes(String(v.id))}
          />
        ))}
        <GroupError id={`attr-${a.id}-error`} message={error} />
      </fieldset>
    );
  }
  if (a.inputType === "Number") return <Field name={name} label={label} inputMode="decimal" defaultValue={first} error={error} />;
  if (a.inputType === "Date") return <Field name={name} label={label} type="date" defaultValue={first} error={error} />;
  if (a.inputType === "DateTime")
    return <Field name={name} label={label} type="datetime-local" defaultValue={zagrebLocal(first) || first} error={error} />;
  const options =
    a.inputType === "YesNo"
      ? [
          { value: "1", label: t("admin.catalog.yes") },
          { value: "0", label: t("admin.catalog.no") },
        ]
      : a.values.map((v) => ({ value: String(v.id), label: valueLabel(v, locale) }));
  return <SelectField name={name} label={label} defaultValue={first} error={error} options={[{ value: "", label: "—" }, ...options]} />;
}

/** Stock has its own forms, so a save of the product never undoes what checkout took: units received or removed, or a new figure guarded by the one shown. */
function StockForms({ stock, actionData }: { stock: number | null; actionData: ActionData | undefined }) {
  const t = useT();
  const of = (intent: string) => (actionData?.intent === intent ? actionData : null);
  return (
    <section className="admin-card" aria-labelledby="stock-heading">
      <h2 id="stock-heading">{t("admin.catalog.product.stockHeading")}</h2>
      <p>{stock === null ? t("admin.catalog.product.stockNotKept") : t("admin.catalog.product.stockNow", { n: stock })}</p>
      {stock !== null ? (
        <StockForm
          intent="stockAdd"
          field="delta"
          expected={stock}
          label={t("admin.catalog.product.stockDelta")}
          hint={t("admin.catalog.product.stockDeltaHint")}
          button={t("admin.catalog.product.stockAdd")}
          refusal={of("stockAdd")}
        />
      ) : null}
      <StockForm
        intent="stockSet"
        field="set"
        expected={stock ?? ""}
        label={t("admin.catalog.product.stockSet")}
        hint={t("admin.catalog.product.stockSetHint")}
        defaultValue={stock === null ? "" : String(stock)}
        button={t("admin.catalog.product.stockSave")}
        refusal={of("stockSet")}
      />
    </section>
  );
}

function StockForm({
  intent,
  field,
  expected,
  label,
  hint,
  defaultValue,
  button,
  refusal,
}: {
  intent: string;
  field: "delta" | "set";
  expected: number | "";
  label: string;
  hint: string;
  defaultValue?: string;
  button: string;
  refusal: ActionData | null;
}) {
  return (
    <Form method="post" className="form catalog-inline" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="expected" value={expected} />
      <FormError message={refusal?.formError} />
      <Field
        name={field}
        id={`stock-${field}`}
        label={label}
        hint={hint}
        inputMode="numeric"
        defaultValue={defaultValue}
        error={refusal?.errors[field]}
      />
      <button type="submit" className="button button--small">
        {button}
      </button>
    </Form>
  );
}
