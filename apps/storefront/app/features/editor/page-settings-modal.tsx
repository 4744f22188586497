import { type FormEvent, useId, useState } from "react";
import { useT } from "../../ui/i18n.tsx";
import { EditorModal } from "./editor-modal.tsx";
import { slugProblem } from "./modals/new-page.ts";

/**
 * The page's title and slug in the language being edited (SPEC §5 slug rules, checked here first and
 * again by the platform). They go into the draft like any change; publishing a new slug leaves a
 * permanent redirect from the old address. The home page's slug is fixed: the root finds it by it.
 */
export function PageSettingsModal({
  title,
  slug,
  isHome,
  onApply,
  onClose,
}: {
  title: string;
  slug: string;
  isHome: boolean;
  onApply: (settings: { title: string; slug: string }) => void;
  onClose: () => void;
}) {
  const t = useT();
  const ids = useId();
  const [values, setValues] = useState({ title, slug });
  const [errors, setErrors] = useState<{ title?: string; slug?: string }>({});

  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    const next = { title: values.title.trim(), slug: values.slug.trim() };
    const slugKey = isHome ? null : slugProblem(next.slug);
    const found = { title: next.title ? undefined : t("validation.required"), slug: slugKey ? t(slugKey) : undefined };
    setErrors(found);
    if (found.title || found.slug) return;
    onApply(next);
  };

  const field = (name: "title" | "slug", label: string, hint?: string) => (
    <div className={`field${errors[name] ? " field--invalid" : ""}`}>
      <label htmlFor={`${ids}-${name}`}>{label}</label>
      {hint ? (
        <p className="field__hint" id={`${ids}-${name}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        id={`${ids}-${name}`}
        value={values[name]}
        readOnly={name === "slug" && isHome}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={
          [hint ? `${ids}-${name}-hint` : "", errors[name] ? `${ids}-${name}-error` : ""].filter(Boolean).join(" ") || undefined
        }
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      />
      {errors[name] ? (
        <p className="field__error" id={`${ids}-${name}-error`}>
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <EditorModal
      title={t("editor.settings.title")}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t("editor.modals.cancel")}
          </button>
          <button type="submit" className="button" form={`${ids}-form`}>
            {t("editor.modals.apply")}
          </button>
        </>
      }
    >
      <form id={`${ids}-form`} onSubmit={apply} noValidate>
        {field("title", t("editor.settings.pageTitle"))}
        {field("slug", t("editor.settings.slug"), t(isHome ? "editor.settings.homeSlug" : "editor.settings.slugHint"))}
      </form>
    </EditorModal>
  );
}
