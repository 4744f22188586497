import type { Locale, TermView } from "@shop/contracts";
import { useEffect, useId, useState } from "react";
import { useT } from "../../../ui/i18n.tsx";
import { EditorModal } from "../editor-modal.tsx";
import { loadBlogCategories } from "./searches.ts";

/**
 * SPEC §2 post list modal: which blog category a list of posts (the latestPosts block) shows, by
 * its slug in the page's language; '' shows the newest posts of all categories.
 */
export function PostListModal({
  locale,
  value,
  onSave,
  onClose,
}: {
  locale: Locale;
  value: string | undefined;
  onSave: (termSlug: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const [terms, setTerms] = useState<TermView[] | { error: string } | null>(null);
  const [chosen, setChosen] = useState(value ?? "");

  useEffect(() => {
    let stale = false;
    void loadBlogCategories(locale).then((found) => {
      if (!stale) setTerms(found);
    });
    return () => {
      stale = true;
    };
  }, [locale]);

  const options = [{ slug: "", title: t("editor.modals.posts.all") }, ...(Array.isArray(terms) ? terms : [])];
  return (
    <EditorModal
      title={t("editor.modals.posts.title")}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t("editor.modals.cancel")}
          </button>
          <button type="button" className="button" onClick={() => onSave(chosen)}>
            {t("editor.modals.apply")}
          </button>
        </>
      }
    >
      {terms === null ? (
        <p role="status">{t("editor.modals.pick.loading")}</p>
      ) : !Array.isArray(terms) ? (
        <p className="editor-modal__error" role="alert">
          {terms.error}
        </p>
      ) : null}
      <fieldset>
        <legend>{t("editor.modals.posts.legend")}</legend>
        <ul className="editor-options">
          {options.map((term) => (
            <li key={term.slug || "all"}>
              <label>
                <input
                  type="radio"
                  name={`${id}-term`}
                  value={term.slug}
                  checked={chosen === term.slug}
                  onChange={() => setChosen(term.slug)}
                />
                <span>{term.title}</span>
                {term.slug ? <small>{term.slug}</small> : null}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </EditorModal>
  );
}
