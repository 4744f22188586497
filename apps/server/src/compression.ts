/** Whether the client takes gzip (RFC 9110 Accept-Encoding; 'gzip;q=0' refuses it). */
export function acceptsGzip(header: string | null | undefined): boolean {
  if (!header) return false;
  for (const item of header.toLowerCase().split(",")) {
    const [coding, ...params] = item.split(";").map((part) => part.trim());
    if (coding !== "gzip") continue;
    const q = params.find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/** Adds Accept-Encoding to a Vary header value, keeping what is there. */
export function varyOnEncoding(vary: string | null | undefined): string {
  return vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
}
