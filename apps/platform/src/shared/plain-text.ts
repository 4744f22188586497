/**
 * What visitors write as plain text (comments, reviews): one Unicode form, one kind of line break,
 * no control or direction-changing characters (which can hide or reorder text), no outer spaces.
 */
export function cleanPlainText(text: string): string {
  return (
    text
      .normalize("NFC")
      .replace(/\r\n?/g, "\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, "")
      .trim()
  );
}
