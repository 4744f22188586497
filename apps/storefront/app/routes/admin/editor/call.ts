import { type CallInput, type EndpointDef, isLocale } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { sessionOf } from "../../../features/account/session-context.server.ts";
import { EDITOR_CALL_FIELDS, type EditorResult, editorCallOf } from "../../../features/editor/editor-calls.ts";
import type { Route } from "./+types/call";

const NO_STORE = { "Cache-Control": "no-store" };

function refuse(status: number, message: string): Response {
  return Response.json({ ok: false, status, message } satisfies EditorResult<never>, { status, headers: NO_STORE });
}

/**
 * SYSTEM_ROUTES.editorCall: the in-page editor's one door to the platform. The form names an endpoint
 * of EDITOR_CALLS, the page's language and the call's input as JSON; the staff member's session
 * makes the call, and its answer goes back as JSON. Origin and size are checked before any action
 * (form-posts.ts); staff rights are the platform's to check.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const name = form.get(EDITOR_CALL_FIELDS.call);
  const locale = form.get(EDITOR_CALL_FIELDS.locale);
  const input = form.get(EDITOR_CALL_FIELDS.input);
  const call = typeof name === "string" ? editorCallOf(name) : null;
  if (!call || typeof locale !== "string" || !isLocale(locale) || typeof input !== "string") return refuse(400, "bad request");
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch {
    return refuse(400, "bad request");
  }
  const session = await sessionOf(context);
  if (!session.user?.isBackofficeUser) return refuse(403, "forbidden");
  const endpoint = (api[call.group] as Record<string, EndpointDef>)[call.key] as EndpointDef;
  const result = await session.platform.withLocale(locale).call(endpoint, parsed as CallInput<EndpointDef>);
  const answer: EditorResult<unknown> = result.ok
    ? { ok: true, data: result.data }
    : {
        ok: false,
        status: result.status,
        message: result.message,
        fields: result.error.payload.fields?.map((f) => ({ path: f.path, message: f.message })),
      };
  return Response.json(answer, { status: result.ok ? 200 : result.status || 502, headers: NO_STORE });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
