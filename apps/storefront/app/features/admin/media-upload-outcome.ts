import { MEDIA_REFUSAL_CODES, type MediaRefusalCode, SYSTEM_ROUTES } from "@shop/contracts";

/** What an upload posted without JavaScript kept and refused, carried back to the library in its address. */
export interface UploadOutcome {
  added: number;
  refused: { name: string; code: MediaRefusalCode }[];
  /** A refusal of the whole upload (too many files, no rights), in the caller's language. */
  error: string | null;
}

type Result =
  | { ok: true; data: { records: unknown[]; refused: { name: string; code: MediaRefusalCode }[] } }
  | { ok: false; message: string };

/** The library's address with an upload's outcome: names and codes only, the page says them in its language. */
export function uploadOutcomePath(result: Result, editing?: number): string {
  const q = new URLSearchParams();
  if (editing) q.set("edit", String(editing));
  if (result.ok) {
    q.set("added", String(result.data.records.length));
    for (const r of result.data.refused) q.append("refused", `${r.code}:${r.name.slice(0, 120)}`);
  } else q.set("uploadError", result.message.slice(0, 300));
  return `${SYSTEM_ROUTES.adminMedia}?${q}`;
}

export function readUploadOutcome(url: URL): UploadOutcome | null {
  const added = url.searchParams.get("added");
  const error = url.searchParams.get("uploadError");
  if (added === null && error === null) return null;
  const refused = url.searchParams.getAll("refused").flatMap((entry) => {
    const at = entry.indexOf(":");
    const code = entry.slice(0, at) as MediaRefusalCode;
    return at > 0 && MEDIA_REFUSAL_CODES.includes(code) ? [{ code, name: entry.slice(at + 1) }] : [];
  });
  return { added: Number(added) || 0, refused, error };
}
