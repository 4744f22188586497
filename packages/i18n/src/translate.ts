/** One language's texts by message key. */
export type Messages = Record<string, string>;

export type MessageParams = Record<string, string | number>;

/**
 * Looks a key up in the language's texts, then in the fallback's (hr); a key missing everywhere
 * shows a developer placeholder (SPEC §5) instead of an empty string. `{name}` takes params.name.
 */
export function translate(messages: Messages | undefined, fallback: Messages, key: string, params?: MessageParams): string {
  const text = messages?.[key] ?? fallback[key];
  if (text === undefined) return `[missing: ${key}]`;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (params[name] === undefined ? m : String(params[name])));
}
