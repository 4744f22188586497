import { PICKED_MAX } from "@shop/contracts";
import { useEffect, useState } from "react";
import { useT } from "../../../ui/i18n.tsx";
import { EditorModal } from "../editor-modal.tsx";
import { MoveButtons } from "./move-buttons.tsx";
import { PickList, type PickOption, type PickSearch } from "./pick-list.tsx";

/**
 * Several things picked by id, in an order staff set: the product list and product categories
 * modals (SPEC §2). Search results are checkboxes; the chosen ones are listed with up, down and
 * remove. `describe` names the ids the block already holds when the modal opens.
 */
export function MultiPickModal({
  title,
  searchLabel,
  search,
  describe,
  value,
  onSave,
  onClose,
}: {
  title: string;
  searchLabel: string;
  search: PickSearch;
  describe: (ids: number[]) => Promise<PickOption[]>;
  value: readonly number[];
  onSave: (ids: number[]) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [chosen, setChosen] = useState<PickOption[]>(() => value.map((id) => ({ value: String(id), label: `#${id}` })));
  const [tooMany, setTooMany] = useState(false);

  useEffect(() => {
    if (value.length === 0) return;
    let stale = false;
    void describe([...value]).then((found) => {
      if (stale) return;
      const byValue = new Map(found.map((o) => [o.value, o]));
      setChosen((current) => current.map((o) => byValue.get(o.value) ?? o));
    });
    return () => {
      stale = true;
    };
    // Named once, when the modal opens: later picks come with their names.
  }, []);

  const toggle = (option: PickOption) => {
    setChosen((current) => {
      if (current.some((o) => o.value === option.value)) {
        setTooMany(false);
        return current.filter((o) => o.value !== option.value);
      }
      if (current.length >= PICKED_MAX) {
        setTooMany(true);
        return current;
      }
      return [...current, option];
    });
  };

  return (
    <EditorModal
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t("editor.modals.cancel")}
          </button>
          <button type="button" className="button" onClick={() => onSave(chosen.map((o) => Number(o.value)))}>
            {t("editor.modals.apply")}
          </button>
        </>
      }
    >
      <PickList label={searchLabel} search={search} multiple selected={chosen.map((o) => o.value)} onPick={toggle} />
      {tooMany ? (
        <p className="editor-modal__error" role="alert">
          {t("editor.modals.multi.tooMany", { max: PICKED_MAX })}
        </p>
      ) : null}
      <section aria-label={t("editor.modals.multi.chosen")}>
        <h3 className="editor-row__title">{t("editor.modals.multi.chosenCount", { count: chosen.length })}</h3>
        {chosen.length === 0 ? <p className="editor-modal__muted">{t("editor.modals.multi.noneChosen")}</p> : null}
        <ol className="editor-rows">
          {chosen.map((option, index) => (
            <li key={option.value} className="editor-row">
              <div className="editor-row__main">
                <span className="editor-row__title">{option.label}</span>
                {option.hint ? <span className="editor-modal__muted">{option.hint}</span> : null}
              </div>
              <div className="editor-row__actions">
                <MoveButtons items={chosen} index={index} name={option.label} onMove={setChosen} />
                <button type="button" className="button button--ghost" onClick={() => toggle(option)}>
                  {t("editor.modals.nav.remove")}
                  <span className="sr-only">: {option.label}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </EditorModal>
  );
}
