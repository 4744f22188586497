import type { PageComponent } from "@shop/contracts";
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { LoadedBlocks } from "../../blocks/block-props.ts";
import { useT } from "../../ui/i18n.tsx";
import { inlineFieldsOf } from "./block-fields.ts";
import { InlineText } from "./inline-text.tsx";
import { PreviewBlocks } from "./preview-blocks.tsx";

/** Invisible separators around a field's name: what the block renders where that field's text goes. */
const markOf = (key: string) => `\u2063${key}\u2063`;

/**
 * The selected block, rendered by its own renderer with its texts edited in place. The renderer is
 * given a marker for each text field; where a marker lands in the DOM, the marker is blanked and a
 * TipTap editor is mounted there (a portal), so the renderers stay as visitors get them and no
 * editor code reaches visitors. Returns the keys of the fields it placed (the side panel shows the
 * rest: a text the block puts only into an attribute, for one).
 */
export function InlineBlock({
  component,
  heroIsTitle,
  loaded,
  readOnly,
  onChange,
  onEscape,
  onPlaced,
}: {
  component: PageComponent;
  heroIsTitle: boolean;
  loaded: LoadedBlocks;
  readOnly: boolean;
  onChange: (data: Record<string, unknown>) => void;
  onEscape: () => void;
  onPlaced: (keys: string[]) => void;
}) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [fields] = useState(() => inlineFieldsOf(component.template));
  // The markers stay the same strings while the block is selected, so React never rewrites the
  // blanked texts; the block's other fields (a picture changed in the panel) show as they change.
  const marked = useMemo(() => {
    const data: Record<string, unknown> = { ...component.data };
    for (const f of fields) data[f.key] = markOf(f.key);
    return { ...component, data };
  }, [component, fields]);
  const [targets, setTargets] = useState<[string, HTMLElement][]>([]);
  const data = useRef(component.data);
  data.current = component.data;
  const placed = useRef(onPlaced);
  placed.current = onPlaced;

  useLayoutEffect(() => {
    const root = box.current;
    if (!root) return;
    const found: [string, HTMLElement][] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const field = fields.find((f) => text.data.includes(markOf(f.key)));
      if (!field || !text.parentElement) continue;
      text.data = "";
      found.push([field.key, text.parentElement]);
    }
    setTargets(found);
    placed.current(found.map(([key]) => key));
    // Once per selection: the marked render does not change while the block stays selected.
  }, [fields]);

  return (
    <div ref={box} className="editor-block__inline">
      <PreviewBlocks components={[marked]} heroIsTitle={heroIsTitle} loaded={loaded} />
      {targets.map(([key, element]) => {
        const kind = fields.find((f) => f.key === key)?.kind === "richText" ? "richText" : "text";
        return createPortal(
          <InlineText
            key={key}
            kind={kind}
            value={String(component.data[key] ?? "")}
            label={t(`editor.field.${key}`)}
            readOnly={readOnly}
            onEscape={onEscape}
            onChange={(value) => onChange({ ...data.current, [key]: value })}
          />,
          element,
          key,
        );
      })}
    </div>
  );
}
