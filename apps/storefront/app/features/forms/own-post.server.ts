import { isValidInternalPath, localeFromPath } from "@shop/contracts";
import { type RouterContextProvider, redirect } from "react-router";
import { loginPath } from "../account/guards.server.ts";
import type { Session } from "../account/session.server.ts";
import { sessionOf } from "../account/session-context.server.ts";
import { formText } from "./form-values.ts";

/** A row id as it appears in a path or a form. */
export const ID = /^[1-9]\d{0,9}$/;

export interface OwnPost {
  form: FormData;
  /** Where the answer goes back to: the form's page, or home. */
  target: string;
  parentId: number;
  /** A signed-in one. */
  session: Session;
  /** Editing one of the user's own (its id), or adding a new one. */
  editing: boolean;
  ownId: string;
  /** Which form on the page the outcome belongs to: the edited one's id, or 'new'. */
  formKey: string;
}

/**
 * The start of a form in which a signed-in user writes under a page (a review of a product, a
 * comment on a post): the way back, the parent's id, the login it needs, and whether it edits the
 * user's own entry (its id in `ownIdField`). Redirects when it cannot go on.
 */
export async function readOwnPost(
  request: Request,
  context: Readonly<RouterContextProvider>,
  parentParam: string,
  ownIdField: string,
): Promise<OwnPost> {
  const form = await request.formData();
  const back = formText(form, "redirectTo");
  const target = isValidInternalPath(back) ? back : "/";
  if (!ID.test(parentParam)) throw redirect(target, 303);
  const session = await sessionOf(context);
  if (!session.user) throw redirect(loginPath(localeFromPath(target), target), 303);
  const ownId = formText(form, ownIdField);
  const editing = formText(form, "intent") === "update" && ID.test(ownId);
  return { form, target, parentId: Number(parentParam), session, editing, ownId, formKey: editing ? ownId : "new" };
}
