import type { ImageData } from "@shop/contracts";
import type { FieldEditorProps } from "./field-props.ts";

/** An image of a block. The media modal (SPEC §2: pick, upload, edit media) replaces the plain inputs. */
export function ImageField({ id, label, value, onChange }: FieldEditorProps<ImageData>) {
  const image = value ?? { src: "", alt: "" };
  return (
    <fieldset className="editor-field" id={id}>
      <legend>{label}</legend>
      <label>
        <span>URL</span>
        <input value={image.src} onChange={(e) => onChange({ ...image, src: e.target.value })} />
      </label>
      <label>
        <span>Alt</span>
        <input value={image.alt} onChange={(e) => onChange({ ...image, alt: e.target.value })} />
      </label>
    </fieldset>
  );
}
