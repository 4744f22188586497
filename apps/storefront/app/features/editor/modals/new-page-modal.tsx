import { LOCALES, type Locale, localizedPath, type PageTemplateView } from "@shop/contracts";
import { useEffect, useId, useState } from "react";
import { Field, SelectField } from "../../../ui/field.tsx";
import { useT } from "../../../ui/i18n.tsx";
import { editorCall } from "../editor-calls.ts";
import { EditorModal } from "../editor-modal.tsx";
import { slugFromTitle, slugProblem } from "./new-page.ts";

type FieldName = "title" | "slug" | "template" | "language";

/** The platform's field paths ('body.slug' or 'slug') by the modal's field. */
function fieldOf(path: string): FieldName | null {
  const name = path.split(".").pop();
  return name === "title" || name === "slug" || name === "template" || name === "language" ? name : null;
}

/**
 * SPEC §2 new page modal: title, slug, page template and language. The slug is checked before
 * sending (SPEC §5), the server's field errors show by their field; once created, the browser goes
 * to the new page in edit mode (its first draft).
 */
export function NewPageModal({ locale, onClose }: { locale: Locale; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const [title, setTitle] = useState("");
  const [slug, setSlug] = useState("");
  const [slugTouched, setSlugTouched] = useState(false);
  const [template, setTemplate] = useState("");
  const [language, setLanguage] = useState<Locale>(locale);
  const [templates, setTemplates] = useState<PageTemplateView[] | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let stale = false;
    void editorCall("pageTemplates.list", locale, {}).then((result) => {
      if (stale) return;
      if (!result.ok) {
        setFailure(result.message);
        setTemplates([]);
        return;
      }
      setTemplates(result.data.records);
      setTemplate((current) => current || String(result.data.records[0]?.id ?? ""));
    });
    return () => {
      stale = true;
    };
  }, [locale]);

  const submit = async () => {
    if (busy) return;
    const found: Partial<Record<FieldName, string>> = {};
    if (title.trim() === "") found.title = t("editor.modals.required");
    const problem = slugProblem(slug);
    if (problem) found.slug = t(problem);
    if (!template) found.template = t("editor.modals.required");
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    const result = await editorCall("pageEditor.createPage", locale, {
      body: { title: title.trim(), slug: slug.trim(), template: Number(template), language },
    });
    if (result.ok) {
      const created = result.data.draft?.slug ?? slug.trim();
      window.location.assign(`${localizedPath("content", language, { slug: created })}?editPage=true`);
      return;
    }
    setBusy(false);
    const byField: Partial<Record<FieldName, string>> = {};
    const fields = result.fields ?? [];
    for (const f of fields) {
      const name = fieldOf(f.path);
      // One field refused: the answer's message is about it and says more ('Slug je kratak…', a slug another route owns).
      if (name) byField[name] ??= fields.length === 1 ? result.message : f.message;
    }
    setErrors(byField);
    // A refusal not about one of the modal's fields (a stale session, a lost connection) goes above the form.
    if (Object.keys(byField).length === 0) setFailure(result.message);
  };

  return (
    <EditorModal
      title={t("editor.modals.newPage.title")}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t("editor.modals.cancel")}
          </button>
          <button type="submit" form={`${id}-form`} className="button" aria-disabled={busy || undefined}>
            {busy ? t("editor.modals.newPage.creating") : t("editor.modals.newPage.create")}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="editor-picked"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {failure ? (
          <p className="editor-modal__error" role="alert">
            {failure}
          </p>
        ) : null}
        <Field
          name="title"
          id={`${id}-title`}
          label={t("editor.modals.newPage.pageTitle")}
          value={title}
          maxLength={200}
          required
          error={errors.title}
          onChange={(e) => {
            setTitle(e.target.value);
            if (!slugTouched) setSlug(slugFromTitle(e.target.value));
          }}
        />
        <Field
          name="slug"
          id={`${id}-slug`}
          label={t("editor.modals.newPage.slug")}
          hint={t("editor.modals.newPage.slugHint", { path: localizedPath("content", language, { slug: slug.trim() || "…" }) })}
          value={slug}
          maxLength={200}
          required
          error={errors.slug}
          onChange={(e) => {
            setSlug(e.target.value);
            setSlugTouched(true);
          }}
        />
        {templates === null ? (
          <p className="editor-modal__muted" role="status">
            {t("editor.modals.pick.loading")}
          </p>
        ) : templates.length === 0 ? (
          <p className="editor-modal__error">{t("editor.modals.newPage.noTemplates")}</p>
        ) : (
          <SelectField
            name="template"
            id={`${id}-template`}
            label={t("editor.modals.newPage.template")}
            value={template}
            error={errors.template}
            onChange={(e) => setTemplate(e.target.value)}
            options={templates.map((tpl) => ({ value: String(tpl.id), label: tpl.name }))}
          />
        )}
        <SelectField
          name="language"
          id={`${id}-language`}
          label={t("editor.modals.newPage.language")}
          value={language}
          error={errors.language}
          onChange={(e) => setLanguage(e.target.value as Locale)}
          options={LOCALES.map((l) => ({ value: l, label: t(`editor.modals.languages.${l}`) }))}
        />
      </form>
    </EditorModal>
  );
}
