import { SUBSCRIBER_STATES } from "@shop/contracts/schemas/admin-moderation.ts";
import { translator } from "@shop/i18n";
import { data } from "react-router";
import type { Staff } from "../../../features/admin/admin.server.ts";

/** The one 404 of a customer that is not there: a malformed id answers like a missing or a staff account's. */
export function customerNotFound(staff: Staff): never {
  throw data(translator(staff.locale)("error.notFound"), { status: 404 });
}

/** A positive whole id from the address, or null. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
}

/** A download of the back office: an attachment that no cache keeps (it is personal data). */
export function download(body: string, contentType: string, filename: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

/** The subscribers list's filters from the address; its CSV download takes the same. */
export function subscriberFiltersOf(params: URLSearchParams): { state: SubscriberState; q: string } {
  const given = params.get("state");
  return {
    state: SUBSCRIBER_STATES.find((s) => s === given) ?? "confirmed",
    q: (params.get("q") ?? "").trim().slice(0, 100),
  };
}
