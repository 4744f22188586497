/**
 * AltGr: on Windows it reaches the browser as Ctrl+Alt, and Croatian letters and signs are typed
 * with it (AltGr+S is đ, AltGr+F is [, AltGr+1 is ~). A keydown with both is typing, never one of
 * the editor's shortcuts (SPEC §2 edit mode).
 */
export function isAltGraph(event: Pick<KeyboardEvent, "ctrlKey" | "altKey">): boolean {
  return event.ctrlKey && event.altKey;
}

/** The editor's own shortcut to save the draft: Ctrl+S (⌘S), never AltGr+S (đ). */
export function isSaveShortcut(event: Pick<KeyboardEvent, "ctrlKey" | "altKey" | "metaKey" | "shiftKey" | "key">): boolean {
  if (isAltGraph(event)) return false;
  return (event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === "s";
}
