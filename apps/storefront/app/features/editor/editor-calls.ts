import type { AnswerOf, CallInput, Locale } from "@shop/contracts";
import { SYSTEM_ROUTES } from "@shop/contracts";
import type { Api } from "@shop/contracts/api";

/**
 * The platform endpoints the in-page editor (issue 13) calls from the browser, through one form post
 * to SYSTEM_ROUTES.editorCall that forwards them with the staff member's session (the access token
 * never reaches the browser). Only these: the route refuses any other name. The platform checks the
 * staff scope of each, as for every other caller.
 */
export const EDITOR_CALLS = {
  pageEditor: [
    "decide",
    "getPage",
    "saveDraft",
    "discardDraft",
    "publish",
    "revisions",
    "revision",
    "restore",
    "lock",
    "unlock",
    "createPage",
    "translate",
    "navigation",
    "saveNavigation",
    "masterUsage",
  ],
  cms: [
    "searchSlugs",
    "filterPosts",
    "filterTermsStandard",
    "filterMasters",
    "createMaster",
    "updateMaster",
    "updateElement",
    "getByHandlers",
  ],
  catalog: ["filterProducts", "filterCategories"],
  pageTemplates: ["list"],
  media: ["filterStandard"],
} as const satisfies { [G in keyof Api]?: readonly (keyof Api[G])[] };

type Calls = typeof EDITOR_CALLS;

/** 'pageEditor.saveDraft' and the like. */
export type EditorCallName = { [G in keyof Calls]: `${G}.${Calls[G][number]}` }[keyof Calls];

export type EditorEndpoint<N extends EditorCallName> = N extends `${infer G extends keyof Calls}.${infer K}`
  ? K extends keyof Api[G]
    ? Api[G][K]
    : never
  : never;

export type EditorResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; fields?: { path: string; message: string }[] };

/** The form fields of one call. */
export const EDITOR_CALL_FIELDS = { call: "call", locale: "locale", input: "input" } as const;

/** Splits a call's name into its group and endpoint, or null for a name the editor may not call. */
export function editorCallOf(name: string): { group: keyof Calls; key: string } | null {
  const dot = name.indexOf(".");
  if (dot < 1) return null;
  const group = name.slice(0, dot);
  const key = name.slice(dot + 1);
  if (!Object.hasOwn(EDITOR_CALLS, group)) return null;
  const keys: readonly string[] = EDITOR_CALLS[group as keyof Calls];
  return keys.includes(key) ? { group: group as keyof Calls, key } : null;
}

/**
 * One platform call from the editor, in the language of the page being edited. Never throws: a
 * network failure is a result with status 0. `keepalive` lets a call outlive the page (the unlock
 * on leaving it).
 */
export async function editorCall<N extends EditorCallName>(
  name: N,
  locale: Locale,
  input: CallInput<EditorEndpoint<N>>,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<EditorResult<AnswerOf<EditorEndpoint<N>>>> {
  const form = new URLSearchParams({
    [EDITOR_CALL_FIELDS.call]: name,
    [EDITOR_CALL_FIELDS.locale]: locale,
    [EDITOR_CALL_FIELDS.input]: JSON.stringify(input ?? {}),
  });
  try {
    const res = await fetch(SYSTEM_ROUTES.editorCall, { method: "POST", body: form, headers: { accept: "application/json" }, keepalive });
    // The server refuses a form post before the route (too large, another site) with its text alone.
    if (!res.headers.get("content-type")?.includes("application/json")) return { ok: false, status: res.status, message: await res.text() };
    return (await res.json()) as EditorResult<AnswerOf<EditorEndpoint<N>>>;
  } catch (err) {
    return { ok: false, status: 0, message: err instanceof Error ? err.message : "network error" };
  }
}
