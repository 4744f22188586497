import type { LinkData, Locale } from "@shop/contracts";
import { useId, useMemo, useState } from "react";
import { Field } from "../../../ui/field.tsx";
import { useT } from "../../../ui/i18n.tsx";
import { EditorModal } from "../editor-modal.tsx";
import {
  hrefOfTarget,
  LINK_KINDS,
  type LinkErrors,
  type LinkKind,
  type LinkTargetDraft,
  targetOfHref,
  validateLink,
} from "./link-target.ts";
import { PickList, type PickOption } from "./pick-list.tsx";
import { filteredOnce, loadBlogCategories, loadProductCategories, searchContent, searchProducts } from "./searches.ts";

/**
 * SPEC §2 link options modal: a link's label and its target, picked as a page or post, a product,
 * a product category or a blog category (by their slug in the page's language), or typed as an
 * external URL (opens in a new tab) or a formatted path. `labelRequired: false` for links whose
 * label lives elsewhere (a navigation item's title).
 */
export function LinkOptionsModal({
  locale,
  value,
  onSave,
  onClose,
  labelRequired = true,
  title,
}: {
  locale: Locale;
  value: LinkData | undefined;
  onSave: (link: LinkData) => void;
  onClose: () => void;
  labelRequired?: boolean;
  title?: string;
}) {
  const t = useT();
  const id = useId();
  const [label, setLabel] = useState(value?.label ?? "");
  const [target, setTarget] = useState<LinkTargetDraft>(() => targetOfHref(value?.href ?? ""));
  const [errors, setErrors] = useState<LinkErrors>({});

  const searches = useMemo(
    () => ({
      page: (q: string) => searchContent(locale, q),
      product: async (q: string) => {
        const found = await searchProducts(locale, q);
        return Array.isArray(found) ? found.map((p): PickOption => ({ value: p.slug, label: p.name, hint: p.sku })) : found;
      },
      productCategory: filteredOnce(
        () => loadProductCategories(locale),
        (c) => ({ value: c.slug, label: c.name, hint: c.slug }),
      ),
      blogCategory: filteredOnce(
        () => loadBlogCategories(locale),
        (term) => ({ value: term.slug, label: term.title, hint: term.slug }),
      ),
    }),
    [locale],
  );

  const chooseKind = (kind: LinkKind) => {
    setTarget({ kind, value: kind === target.kind ? target.value : "" });
    setErrors((e) => ({ ...e, target: undefined }));
  };

  const save = () => {
    const found = validateLink(label, target, labelRequired);
    setErrors(found);
    if (found.label || found.target) return;
    onSave({ label: label.trim(), href: hrefOfTarget(target, locale) });
  };

  const href = hrefOfTarget(target, locale);
  const targetErrorId = `${id}-target-error`;
  const picker = target.kind === "external" || target.kind === "path" ? null : target.kind;

  return (
    <EditorModal
      title={title ?? t("editor.modals.link.title")}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t("editor.modals.cancel")}
          </button>
          <button type="button" className="button" onClick={save}>
            {t("editor.modals.apply")}
          </button>
        </>
      }
    >
      {labelRequired ? (
        <Field
          name="link-label"
          id={`${id}-label`}
          label={t("editor.modals.link.label")}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          error={errors.label ? t(errors.label) : undefined}
          maxLength={120}
        />
      ) : null}
      <fieldset>
        <legend>{t("editor.modals.link.kind")}</legend>
        <div className="editor-choices">
          {LINK_KINDS.map((kind) => (
            <label key={kind}>
              <input type="radio" name={`${id}-kind`} value={kind} checked={target.kind === kind} onChange={() => chooseKind(kind)} />
              {t(`editor.modals.link.kinds.${kind}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {picker === null ? (
        <Field
          name="link-target"
          id={`${id}-target`}
          type={target.kind === "external" ? "url" : "text"}
          label={t(`editor.modals.link.${target.kind}Field`)}
          hint={t(`editor.modals.link.${target.kind}Hint`)}
          value={target.value}
          onChange={(e) => setTarget({ kind: target.kind, value: e.target.value })}
          error={errors.target ? t(errors.target) : undefined}
          maxLength={500}
        />
      ) : (
        <>
          <PickList
            key={picker}
            label={t(`editor.modals.link.search.${picker}`)}
            search={searches[picker]}
            minQuery={picker === "page" ? 1 : 0}
            selected={[target.value]}
            onPick={(option) => {
              setTarget({ kind: target.kind, value: option.value });
              setErrors((e) => ({ ...e, target: undefined }));
            }}
          />
          {errors.target ? (
            <p className="editor-modal__error" id={targetErrorId}>
              {t(errors.target)}
            </p>
          ) : null}
        </>
      )}
      <p className="editor-modal__muted">
        {t("editor.modals.link.result")} <code>{href || "—"}</code>
        {target.kind === "external" && href ? ` (${t("editor.modals.link.newTab")})` : null}
      </p>
    </EditorModal>
  );
}
