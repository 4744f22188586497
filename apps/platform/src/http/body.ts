/**
 * A request body, never more than `max` bytes: a declared length is checked before reading (the
 * HTTP parser delivers no more than it declares), a chunked body is counted as it arrives and
 * reading stops at the bound. Null when it is too large. Only endpoints and forms with a body read
 * it, so other requests never touch the stream.
 */
export async function readBoundedBody(raw: Request, max: number): Promise<Uint8Array | null> {
  const declared = raw.headers.get("content-length");
  if (declared !== null && !raw.headers.has("transfer-encoding")) {
    if (!/^\d+$/.test(declared) || Number(declared) > max) {
      await raw.body?.cancel();
      return null;
    }
    return new Uint8Array(await raw.arrayBuffer());
  }
  if (!raw.body) return new Uint8Array();
  const reader = raw.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
