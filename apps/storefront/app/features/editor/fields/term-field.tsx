import { lazy, Suspense, useState } from "react";
import { useT } from "../../../ui/i18n.tsx";
import type { FieldEditorProps } from "./field-props.ts";

const PostListModal = lazy(() => import("../modals/post-list-modal.tsx").then((m) => ({ default: m.PostListModal })));

/** The blog category of a list of posts (latestPosts' termSlug), chosen in the post list modal (SPEC §2). */
export function TermField({ id, label, value, onChange, locale }: FieldEditorProps<string>) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className="editor-field editor-picked" id={id}>
      <span id={`${id}-label`}>{label}</span>
      <span className="editor-picked__value">{value || t("editor.modals.posts.all")}</span>
      <button type="button" className="button button--ghost button--small" aria-describedby={`${id}-label`} onClick={() => setOpen(true)}>
        {t("editor.modals.posts.choose")}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <PostListModal
            locale={locale}
            value={value}
            onClose={() => setOpen(false)}
            onSave={(slug) => {
              onChange(slug);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
