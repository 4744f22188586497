import type { Locale, MasterView } from "@shop/contracts";
import { useEffect, useId, useState } from "react";
import { useT } from "../../../ui/i18n.tsx";
import { editorCall } from "../editor-calls.ts";
import { EditorModal } from "../editor-modal.tsx";

type Usage =
  | { state: "loading" }
  | { state: "failed"; message: string }
  | { state: "ready"; pages: { id: number; title: string; slug: string; language: string }[] };

/**
 * SPEC §2 'choose master component' modal: the existing masters (newest first), each with the
 * pages that use it on request; `onChoose` gets the one picked, to place on the page.
 */
export function ChooseMasterModal({
  locale,
  onChoose,
  onClose,
}: {
  locale: Locale;
  onChoose: (master: MasterView) => void;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const [masters, setMasters] = useState<MasterView[] | { error: string } | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [usage, setUsage] = useState<Record<number, Usage>>({});
  const [error, setError] = useState(false);

  useEffect(() => {
    let stale = false;
    void editorCall("cms.filterMasters", locale, { body: { limit: 100 } }).then((result) => {
      if (!stale) setMasters(result.ok ? result.data.records : { error: result.message });
    });
    return () => {
      stale = true;
    };
  }, [locale]);

  const showUsage = async (masterId: number) => {
    setUsage((u) => ({ ...u, [masterId]: { state: "loading" } }));
    const result = await editorCall("pageEditor.masterUsage", locale, { params: { id: masterId } });
    setUsage((u) => ({
      ...u,
      [masterId]: result.ok ? { state: "ready", pages: result.data.pages } : { state: "failed", message: result.message },
    }));
  };

  const list = Array.isArray(masters) ? masters : [];
  const choose = () => {
    const master = list.find((m) => m.id === chosen);
    if (!master) return setError(true);
    onChoose(master);
  };

  return (
    <EditorModal
      title={t("editor.modals.master.title")}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t("editor.modals.cancel")}
          </button>
          <button type="button" className="button" onClick={choose}>
            {t("editor.modals.master.insert")}
          </button>
        </>
      }
    >
      {masters === null ? (
        <p role="status">{t("editor.modals.pick.loading")}</p>
      ) : !Array.isArray(masters) ? (
        <p className="editor-modal__error" role="alert">
          {masters.error}
        </p>
      ) : list.length === 0 ? (
        <p className="editor-modal__muted">{t("editor.modals.master.none")}</p>
      ) : (
        <fieldset aria-describedby={error ? `${id}-error` : undefined}>
          <legend>{t("editor.modals.master.legend")}</legend>
          {error ? (
            <p className="editor-modal__error" id={`${id}-error`}>
              {t("editor.modals.master.pickOne")}
            </p>
          ) : null}
          <ul className="editor-rows">
            {list.map((master) => {
              const used = usage[master.id];
              return (
                <li key={master.id} className="editor-row">
                  <div className="editor-row__main editor-options">
                    <label>
                      <input
                        type="radio"
                        name={`${id}-master`}
                        value={master.id}
                        checked={chosen === master.id}
                        onChange={() => {
                          setChosen(master.id);
                          setError(false);
                        }}
                      />
                      <span className="editor-row__title">{master.title}</span>
                      <span className="editor-modal-badge">{t(`editor.template.${master.template}`)}</span>
                    </label>
                    <button type="button" className="button button--ghost button--small" onClick={() => void showUsage(master.id)}>
                      {t("editor.modals.master.whereUsed")}
                      <span className="sr-only">: {master.title}</span>
                    </button>
                  </div>
                  {used ? (
                    <div role="status">
                      {used.state === "loading" ? (
                        <p className="editor-modal__muted">{t("editor.modals.pick.loading")}</p>
                      ) : used.state === "failed" ? (
                        <p className="editor-modal__error">{used.message}</p>
                      ) : used.pages.length === 0 ? (
                        <p className="editor-modal__muted">{t("editor.modals.master.unused")}</p>
                      ) : (
                        <ul>
                          {used.pages.map((page) => (
                            <li key={`${page.id}-${page.language}`}>
                              {page.title}{" "}
                              <span className="editor-modal__muted">
                                ({page.language.toUpperCase()}, /{page.slug})
                              </span>
                            </li>
                          ))}
                        </ul>
                      )}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
    </EditorModal>
  );
}
