import { useId, useState } from "react";
import { useT } from "../../../ui/i18n.tsx";
import { Icon, type IconName, isIconName } from "../../../ui/icons.tsx";
import { EditorModal } from "../editor-modal.tsx";

/**
 * SPEC §2 icon list modal: the icons a field allows as a grid of radio tiles (arrow keys move
 * between them, as in any radio group); Apply keeps the choice.
 */
export function IconListModal({
  options,
  value,
  onSave,
  onClose,
}: {
  options: readonly string[];
  value: string | undefined;
  onSave: (icon: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const icons = options.filter(isIconName);
  const [chosen, setChosen] = useState<IconName | undefined>(icons.find((i) => i === value) ?? icons[0]);
  return (
    <EditorModal
      title={t("editor.modals.icon.title")}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t("editor.modals.cancel")}
          </button>
          <button type="button" className="button" onClick={() => chosen && onSave(chosen)}>
            {t("editor.modals.apply")}
          </button>
        </>
      }
    >
      <fieldset>
        <legend>{t("editor.modals.icon.legend")}</legend>
        <div className="editor-icon-grid editor-options">
          {icons.map((icon) => (
            <label key={icon}>
              <input type="radio" name={`${id}-icon`} value={icon} checked={chosen === icon} onChange={() => setChosen(icon)} />
              <Icon name={icon} size={28} />
              <span>{t(`editor.modals.icon.names.${icon}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </EditorModal>
  );
}
