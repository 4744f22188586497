import { Node } from "@tiptap/core";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useRef } from "react";
import { isAltGraph } from "./keys.ts";

/** A text of one line (a title, a label): the document is text only, so Enter adds nothing. */
const OneLine = Node.create({ name: "doc", topNode: true, content: "text*" });

const plainKit = StarterKit.configure({
  document: false,
  paragraph: false,
  heading: false,
  blockquote: false,
  bulletList: false,
  orderedList: false,
  listItem: false,
  listKeymap: false,
  codeBlock: false,
  code: false,
  hardBreak: false,
  horizontalRule: false,
  bold: false,
  italic: false,
  strike: false,
  underline: false,
  link: false,
  // It appends a paragraph at the end, and a line has none.
  trailingNode: false,
});

const richKit = StarterKit.configure({
  heading: { levels: [2, 3] },
  codeBlock: false,
  code: false,
  link: { openOnClick: false, autolink: false },
});

/**
 * A text edited in place with TipTap (ProseMirror): `text` is one line of plain text, `richText`
 * HTML with headings, lists, bold, italic and links. Loaded only with the editor's chunk.
 */
export function InlineText({
  kind,
  value,
  label,
  readOnly,
  onChange,
  onEscape,
}: {
  kind: "text" | "richText";
  value: string;
  label: string;
  readOnly: boolean;
  onChange: (value: string) => void;
  /** Escape in the text: the block keeps the focus, deselected. */
  onEscape?: () => void;
}) {
  const change = useRef(onChange);
  change.current = onChange;
  const last = useRef(value);
  const editor = useEditor({
    extensions: kind === "text" ? [OneLine, plainKit] : [richKit],
    content: kind === "text" ? { type: "doc", content: value ? [{ type: "text", text: value }] : [] } : value,
    immediatelyRender: false,
    editable: !readOnly,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-label": label,
        "aria-multiline": kind === "richText" ? "true" : "false",
        class: `editor-inline__input editor-inline__input--${kind}`,
      },
    },
    onUpdate: ({ editor: e }) => {
      const next = kind === "text" ? e.getText() : e.getHTML();
      // TipTap also reports updates that change nothing (a normalised document): those are no edit.
      if (next !== last.current) {
        last.current = next;
        change.current(next);
      }
    },
  });
  useEffect(() => {
    // Without an update event: being made editable is no change of the text.
    editor?.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  const box = useRef<HTMLSpanElement>(null);
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Before ProseMirror's own listener (capture): AltGr is typing, so no TipTap shortcut (Ctrl+Alt+2
    // is a heading) may take it; stopping it here leaves the keypress that types the letter alone.
    const onKeyDown = (event: KeyboardEvent) => {
      if (isAltGraph(event)) event.stopPropagation();
      else if (event.key === "Escape" && onEscapeRef.current) {
        event.stopPropagation();
        onEscapeRef.current();
      }
    };
    element.addEventListener("keydown", onKeyDown, true);
    return () => element.removeEventListener("keydown", onKeyDown, true);
  }, []);

  return (
    <span ref={box} className={`editor-inline editor-inline--${kind}`}>
      <EditorContent editor={editor} />
    </span>
  );
}
