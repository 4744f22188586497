import { translator } from "@shop/i18n";
import { data, redirect } from "react-router";
import { requireStaff, type Staff } from "../../../features/admin/admin.server.ts";
import { pageParam } from "../../../features/admin/list-params.ts";
import { failureStatus, failureText } from "../../../features/errors/platform-failure.ts";
import { formText } from "../../../features/forms/form-values.ts";
import type { ApiResult } from "../../../platform.server.ts";
import { doneOf } from "./catalog-forms.ts";

type AdminArgs = Parameters<typeof requireStaff>[0];
interface ListBody {
  q: string | undefined;
  page: number;
  limit: number;
}

/** A searchable list of records that can be revoked (coupons, membership cards): `longestQ` is the search the platform takes. */
export async function loadRevocableList<T>(
  args: AdminArgs,
  longestQ: number,
  list: (staff: Staff, body: ListBody) => Promise<ApiResult<T>>,
) {
  const staff = await requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, longestQ);
  const answer = await list(staff, { q: q || undefined, page: pageParam(params), limit: 25 });
  if (!answer.ok) throw data(answer.message, { status: failureStatus(answer) });
  return { list: answer.data, q, done: doneOf(args.request, ["created", "saved", "revoked"]) };
}

/** Revoking, posted from the list: back to it with a notice, or the refusal at the record's card. */
export async function revokeFromList(args: AdminArgs, listPath: string, revoke: (staff: Staff, id: number) => Promise<ApiResult<unknown>>) {
  const staff = await requireStaff(args);
  const form = await args.request.formData();
  const id = Number(formText(form, "id"));
  if (formText(form, "intent") !== "revoke" || !Number.isInteger(id) || id < 1) throw data(null, { status: 400 });
  const result = await revoke(staff, id);
  if (!result.ok) return data({ id, formError: failureText(result, translator(staff.locale)) }, { status: failureStatus(result) });
  throw redirect(`${listPath}?done=revoked`);
}
