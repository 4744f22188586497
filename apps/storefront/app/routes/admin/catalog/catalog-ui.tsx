import { LOCALES, type Locale, SYSTEM_ROUTES } from "@shop/contracts";
import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import type { FieldErrors } from "../../../features/forms/form-values.ts";
import { Field } from "../../../ui/field.tsx";
import { useT } from "../../../ui/i18n.tsx";
import { Notice } from "../../../ui/notice.tsx";
import "../../../styles/forms.css";
import "../../../styles/admin-catalog.css";

const PARTS = [
  { key: "products", path: SYSTEM_ROUTES.adminCatalog, within: "/admin/catalog/products" },
  { key: "categories", path: SYSTEM_ROUTES.adminCatalogCategories, within: SYSTEM_ROUTES.adminCatalogCategories },
  { key: "attributes", path: SYSTEM_ROUTES.adminCatalogAttributes, within: SYSTEM_ROUTES.adminCatalogAttributes },
  { key: "coupons", path: SYSTEM_ROUTES.adminCatalogCoupons, within: SYSTEM_ROUTES.adminCatalogCoupons },
  { key: "memberCards", path: SYSTEM_ROUTES.adminCatalogMemberCards, within: SYSTEM_ROUTES.adminCatalogMemberCards },
] as const;

/**
 * The catalog's sub-navigation: plain links. The part's own list is the current page; an editor
 * inside a part marks its part as the current place.
 */
function CatalogNav() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <nav className="admin-subnav" aria-label={t("admin.catalog.nav.label")}>
      <ul>
        {PARTS.map((part) => {
          const page = pathname === part.path;
          const inside = page || pathname.startsWith(`${part.within}/`);
          return (
            <li key={part.key}>
              <Link to={part.path} aria-current={page ? "page" : inside ? "location" : undefined}>
                {t(`admin.catalog.nav.${part.key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * One page of the catalog area: its title, the sub-navigation, the heading and the notice of what
 * was just done. `refusal` is the answer of a refused form: with JavaScript the page stays where the
 * submit button was, so the first field in error takes the focus (and comes into view).
 */
export function CatalogPage({
  title,
  done,
  actions,
  refusal,
  children,
}: {
  title: string;
  done?: string | null;
  actions?: ReactNode;
  refusal?: unknown;
  children: ReactNode;
}) {
  const t = useT();
  const page = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!refusal) return;
    const field = page.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const alert = page.current?.querySelector<HTMLElement>('[role="alert"]');
    if (field) field.focus();
    else if (alert) {
      alert.tabIndex = -1;
      alert.focus();
    }
  }, [refusal]);
  return (
    <section className="admin-page catalog" aria-labelledby="admin-heading" ref={page}>
      <title>{`${title} – ${t("admin.title")}`}</title>
      <CatalogNav />
      <div className="catalog__head">
        <h1 id="admin-heading">{title}</h1>
        {actions}
      </div>
      {done ? <Notice kind="success">{done}</Notice> : null}
      {children}
    </section>
  );
}

/** A form's own refusal (not tied to one field), announced at once. */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? <Notice kind="error">{message}</Notice> : null;
}

/** The address of a page of a filtered list: it keeps the filters. */
export function pageHref(base: string, query: Record<string, string>): (page: number) => string {
  return (page) => {
    const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== ""));
    params.set("page", String(page));
    return `${base}?${params}`;
  };
}

/** A field-level error under a group of inputs (a fieldset), wired like Field's. */
export function GroupError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="field__error" id={id}>
      {message}
    </p>
  ) : null;
}

/** A labelled textarea with its hint and error, wired like Field's. */
export function TextArea({
  name,
  label,
  error,
  hint,
  defaultValue,
  rows = 4,
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  defaultValue?: string;
  rows?: number;
}) {
  const id = `field-${name.replace(/[^\w-]/g, "-")}`;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A checkbox with its label after it. */
export function Check({
  name,
  value = "1",
  label,
  checked,
  id,
}: {
  name: string;
  value?: string;
  label: string;
  checked: boolean;
  id: string;
}) {
  return (
    <div className="field field--checkbox">
      <input type="checkbox" id={id} name={name} value={value} defaultChecked={checked} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A one-button form acting on one record of a list; `label` names the record for screen readers. */
export function IntentButton({ intent, id, label, text }: { intent: string; id: number; label: string; text: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="button button--ghost button--small" aria-label={label}>
        {text}
      </button>
    </Form>
  );
}

type TextKeys<S> = { [K in keyof S]: S[K] extends string ? K : never }[keyof S] & string;

/** Ties a field to its value in the form's state and its error by its name: `<Field {...bound("code")} label=… />`. */
export function bindFields<S>(state: S, errors: FieldErrors) {
  return <K extends TextKeys<S>>(name: K) => ({ name, defaultValue: state[name] as string, error: errors[name] });
}

/** An editor's form: its refusal above it, its fields, and the button that creates or saves. */
export function EditorForm({
  isNew,
  formError,
  card = false,
  children,
}: {
  isNew: boolean;
  formError: string | null | undefined;
  /** A form of a few fields is one card; a longer one is cards of fieldsets. */
  card?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <FormError message={formError} />
      <Form method="post" className={card ? "form catalog-form admin-card" : "form catalog-form"} noValidate>
        {children}
        <button type="submit" className="button">
          {isNew ? t("admin.catalog.create") : t("admin.catalog.save")}
        </button>
      </Form>
    </>
  );
}

const LANGUAGE_NAMES = { hr: "Hrvatski", en: "English", de: "Deutsch" } as const;

interface LanguageText {
  name: string;
  slug: string;
  short?: string;
  description: string;
}

/** A record's texts, one fieldset a language (the Croatian one required): name, address, the short text where the record has one, description. */
export function LanguageTexts({
  texts,
  errors,
  descriptionRows,
}: {
  texts: Record<Locale, LanguageText>;
  errors: FieldErrors;
  descriptionRows?: number;
}) {
  const t = useT();
  return LOCALES.map((l) => (
    <fieldset className="admin-card" key={l}>
      <legend>
        {LANGUAGE_NAMES[l]}
        {l === "hr" ? ` (${t("admin.catalog.required")})` : ""}
      </legend>
      <Field name={`name.${l}`} label={t("admin.catalog.name")} defaultValue={texts[l].name} error={errors[`name.${l}`]} />
      <Field
        name={`slug.${l}`}
        label={t("admin.catalog.slug")}
        hint={t("admin.catalog.slugHint")}
        defaultValue={texts[l].slug}
        error={errors[`slug.${l}`]}
        autoComplete="off"
      />
      {texts[l].short === undefined ? null : (
        <TextArea
          name={`short.${l}`}
          label={t("admin.catalog.product.short")}
          defaultValue={texts[l].short}
          error={errors[`short.${l}`]}
          rows={2}
        />
      )}
      <TextArea
        name={`description.${l}`}
        label={t("admin.catalog.description")}
        hint={t("admin.catalog.descriptionHint")}
        defaultValue={texts[l].description}
        error={errors[`description.${l}`]}
        rows={descriptionRows}
      />
    </fieldset>
  ));
}
