import { type ElementHandler, type ElementVariant, type ElementView, elementHandlers, type Locale } from "@shop/contracts";
import { useEffect, useId, useState } from "react";
import { useT } from "../../ui/i18n.tsx";
import { useReload } from "../../ui/use-reload.ts";
import { ELEMENT_FIELDS } from "./block-fields.ts";
import { Fields } from "./block-panel.tsx";
import { editorCall } from "./editor-calls.ts";
import { EditorModal } from "./editor-modal.tsx";

/**
 * The header, footer and cookie elements of this page's layout (SPEC §3), edited with the block
 * panel's fields and saved with the version they were loaded at. They show on every page at once,
 * so saving asks first.
 */
export function ElementsModal({
  locale,
  variant,
  initial,
  onClose,
}: {
  locale: Locale;
  variant: ElementVariant;
  /** The element shown first (the one clicked on the page). */
  initial: ElementHandler;
  onClose: () => void;
}) {
  const t = useT();
  const reload = useReload();
  const selectId = useId();
  const [elements, setElements] = useState<ElementView[] | null>(null);
  const [handler, setHandler] = useState<ElementHandler>(initial);
  const [options, setOptions] = useState<Record<string, unknown> | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  useEffect(() => {
    void editorCall("cms.getByHandlers", locale, { body: { handlers: [...elementHandlers], variant } }).then((result) => {
      if (result.ok) setElements(result.data);
      else setMessage({ error: true, text: result.message });
    });
  }, [locale, variant]);

  const element = elements?.find((e) => e.handler === handler) ?? null;
  const current = options ?? element?.options ?? {};

  const save = async () => {
    if (!element || !options) return;
    setConfirming(false);
    const result = await editorCall("cms.updateElement", locale, {
      params: { id: element.id },
      body: { options, baseVersion: element.version },
    });
    if (!result.ok) {
      setMessage({ error: true, text: result.message });
      return;
    }
    setElements((all) => all?.map((e) => (e.id === result.data.id ? result.data : e)) ?? null);
    setOptions(null);
    setMessage({ error: false, text: t("editor.elements.saved") });
    // The page's own header or footer shows the change (the layout reloads its data in edit mode).
    reload();
  };

  const footer = confirming ? (
    <>
      <p className="editor-confirm__text">{t("editor.elements.confirm")}</p>
      <button type="button" className="button" onClick={save}>
        {t("editor.elements.saveYes")}
      </button>
      <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
        {t("editor.cancel")}
      </button>
    </>
  ) : (
    <button type="button" className="button" disabled={!options} onClick={() => setConfirming(true)}>
      {t("editor.elements.save")}
    </button>
  );

  return (
    <EditorModal title={t("editor.elements")} onClose={onClose} footer={footer}>
      <p className="editor-message" role="status">
        {message?.text ?? ""}
      </p>
      <label className="editor-field" htmlFor={selectId}>
        <span>{t("editor.elements.which")}</span>
        <select
          id={selectId}
          value={handler}
          onChange={(e) => {
            setHandler(e.target.value as ElementHandler);
            setOptions(null);
            setConfirming(false);
          }}
        >
          {elementHandlers.map((h) => (
            <option key={h} value={h}>
              {t(`editor.elements.${h}`)}
            </option>
          ))}
        </select>
      </label>
      {elements === null ? (
        <p>{t("editor.loading")}</p>
      ) : element ? (
        <div className="editor-fields">
          <Fields key={handler} fields={ELEMENT_FIELDS[handler]} data={current} locale={locale} readOnly={false} onChange={setOptions} />
        </div>
      ) : (
        <p>{t("editor.elements.none")}</p>
      )}
    </EditorModal>
  );
}
