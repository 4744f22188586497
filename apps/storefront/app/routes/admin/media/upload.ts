import { api } from "@shop/contracts/api";
import { redirect } from "react-router";
import { sessionOf } from "../../../features/account/session-context.server.ts";
import { adminLocale } from "../../../features/admin/admin.server.ts";
import { uploadOutcomePath } from "../../../features/admin/media-upload-outcome.ts";
import type { Route } from "./+types/upload";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * SYSTEM_ROUTES.adminMediaUpload: the browser's files go on to the platform's upload as they arrive,
 * with the staff member's session (ADR 26). Origin and multipart type were checked before any action
 * (form-posts.ts STREAMED_UPLOADS); the platform bounds count, size and content and checks rights.
 * A script's upload (Accept: application/json) gets the platform's answer; a form posted without
 * JavaScript goes back to the library with what was kept and refused.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const session = await sessionOf(context);
  // Refused unread: the server drops what it was not asked to take.
  if (!session.user?.isBackofficeUser || !request.body) {
    return Response.json({ ok: false, status: 403, message: "forbidden" }, { status: 403, headers: NO_STORE });
  }
  const platform = session.platform.withLocale(adminLocale(session.user));
  const upload = { body: request.body, contentType: request.headers.get("content-type") ?? "" };
  // ?replace=<id>: one file becomes that media's new original (the edit form's 'replace file').
  const replace = Number(new URL(request.url).searchParams.get("replace"));
  const result =
    Number.isInteger(replace) && replace > 0
      ? await platform
          .stream(api.media.replace, { ...upload, params: { id: replace } })
          .then((r) => (r.ok ? { ...r, data: { records: r.data.record ? [r.data.record] : [], refused: r.data.refused } } : r))
      : await platform.stream(api.media.upload, upload);
  if (wantsJson) {
    const answer = result.ok ? { ok: true, data: result.data } : { ok: false, status: result.status, message: result.message };
    return Response.json(answer, { status: result.ok ? 200 : result.status || 502, headers: NO_STORE });
  }
  throw redirect(uploadOutcomePath(result, replace > 0 ? replace : undefined));
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
