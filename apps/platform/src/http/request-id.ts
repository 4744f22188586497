import { randomUUID } from "node:crypto";

/** The header a request id travels in: from a proxy to the pages, from the pages to the platform. */
export const REQUEST_ID_HEADER = "x-request-id";

/** Short and plain: a longer or odd one would let a caller write what it likes into the log. */
const SAFE_REQUEST_ID = /^[\w.:-]{1,64}$/;

/** The caller's request id when it is a short safe token (a proxy's, or the page that calls), else a new one. */
export function requestIdFrom(header: string | null | undefined): string {
  return header && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}
