import { useT } from "../../../ui/i18n.tsx";
import { moveSection } from "./sections.ts";

/** 'Up' and 'Down' for one row of an ordered list, each naming the row for screen readers. */
export function MoveButtons<T>({
  items,
  index,
  name,
  onMove,
}: {
  items: readonly T[];
  index: number;
  name: string;
  onMove: (items: T[]) => void;
}) {
  const t = useT();
  return (
    <>
      <button type="button" className="button button--ghost" disabled={index === 0} onClick={() => onMove(moveSection(items, index, -1))}>
        {t("editor.modals.nav.actions.up")}
        <span className="sr-only">: {name}</span>
      </button>
      <button
        type="button"
        className="button button--ghost"
        disabled={index === items.length - 1}
        onClick={() => onMove(moveSection(items, index, 1))}
      >
        {t("editor.modals.nav.actions.down")}
        <span className="sr-only">: {name}</span>
      </button>
    </>
  );
}
