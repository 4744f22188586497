import { ZipFile } from "yazl";

/** A zip archive of these entries, as a test uploads it; `store` keeps an entry uncompressed (OpenDocument's mimetype). */
export function zipOf(entries: { name: string; bytes: Buffer | string; store?: boolean }[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const e of entries) zip.addBuffer(Buffer.from(e.bytes), e.name, { compress: e.store !== true });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on("data", (c: Buffer) => chunks.push(c));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}
