import { translator } from "@shop/i18n";
import { data, redirect } from "react-router";
import type { ZodSafeParseResult } from "zod";
import { requireStaff, type Staff } from "../../../features/admin/admin.server.ts";
import { failureFields, failureStatus, failureText } from "../../../features/errors/platform-failure.ts";
import { type FieldErrors, fieldErrors, type Translate } from "../../../features/forms/form-values.ts";
import type { ApiResult } from "../../../platform.server.ts";
import { editorId, renameFields } from "./catalog-forms.ts";

type EditorArgs = Parameters<typeof requireStaff>[0] & { params: { id?: string } };

/** A foreign or missing id answers the same 404 as an unknown one. */
export function notFound(staff: Staff): never {
  throw data(translator(staff.locale)("admin.catalog.notFound"), { status: 404 });
}

/** An editor's staff member, their texts and the `:id` it edits (a 404 when it cannot be one). */
export async function editorOf(args: EditorArgs): Promise<Editor> {
  const staff = await requireStaff(args);
  const id = editorId(args.params.id);
  if (id === null) notFound(staff);
  return { staff, t: translator(staff.locale), id };
}

type Page<T> = ApiResult<{ records: T[]; pagination: { lastPage: number } }>;

/** For parts the platform has no read of one record of: it is found in the list (newest first, 100 a page; a shop has few). */
export async function findInList<T extends { id: number }>(list: (page: number) => Promise<Page<T>>, id: number): Promise<T | undefined> {
  for (let page = 1; page <= 1000; page++) {
    const answer = await list(page);
    if (!answer.ok) throw data(answer.message, { status: failureStatus(answer) });
    const found = answer.data.records.find((r) => r.id === id);
    if (found || page >= answer.data.pagination.lastPage) return found;
  }
  return undefined;
}

export interface Refusal {
  errors: FieldErrors;
  formError: string;
  status: number;
}

/**
 * A save the platform refused, as the form shows it: its field errors under the form's names (`rename`)
 * with the summary above, else the platform's own text. The record being gone is the page's 404
 * (`missingIsPage`: false where the platform's 404 names something else the form refers to).
 */
export function refusalOf(
  staff: Staff,
  t: Translate,
  failure: Extract<ApiResult<unknown>, { ok: false }>,
  rename: (path: string) => string = (path) => path,
  missingIsPage = true,
): Refusal {
  if (missingIsPage && failure.status === 404) notFound(staff);
  const errors = renameFields(failureFields(failure), rename);
  return {
    errors,
    formError: Object.keys(errors).length ? t("admin.catalog.error.fields") : failureText(failure, t),
    status: failureStatus(failure),
  };
}

/** The answer of a refused editor form: its errors, the summary above them, and what was typed, shown again. */
function refused<S>(state: S, errors: FieldErrors, formError: string, status: number) {
  return data({ errors, formError, state }, { status });
}

export interface Editor {
  staff: Staff;
  t: Translate;
  id: number | "new";
}

/**
 * The end of an editor's action: the contract's check of the body (`parsed`) joins the form's own
 * (`errors`, all under the form's field names through `rename`); with any, the form is refused as
 * typed; else the record is created when new, or updated, and the staff go back to the part's list
 * with its notice. What the platform refuses is shown at the form's fields too.
 */
export async function saveEditor<S, B>(
  { staff, t, id }: Editor,
  {
    state,
    parsed,
    errors = {},
    rename = (path) => path,
    listPath,
    create,
    update,
  }: {
    state: S;
    parsed: ZodSafeParseResult<B>;
    errors?: FieldErrors;
    rename?: (path: string) => string;
    listPath: string;
    create: (body: B) => Promise<ApiResult<unknown>>;
    update: (id: number, body: B) => Promise<ApiResult<unknown>>;
  },
) {
  if (!parsed.success)
    for (const [field, message] of Object.entries(renameFields(fieldErrors(parsed.error.issues, t), rename))) errors[field] ??= message;
  if (!parsed.success || Object.keys(errors).length) return refused(state, errors, t("admin.catalog.error.fields"), 400);
  const result = id === "new" ? await create(parsed.data) : await update(id, parsed.data);
  if (!result.ok) {
    const refusal = refusalOf(staff, t, result, rename);
    return refused(state, refusal.errors, refusal.formError, refusal.status);
  }
  throw redirect(`${listPath}?done=${id === "new" ? "created" : "saved"}`);
}
