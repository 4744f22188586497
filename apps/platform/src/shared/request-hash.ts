import { createHash } from "node:crypto";

/** What makes two requests "the same" for an Idempotency-Key: sha256 (hex) of the value with its object keys in order. */
export function requestHash(value: unknown): string {
  const canonical = JSON.stringify(value, (_, part: unknown) =>
    part && typeof part === "object" && !Array.isArray(part)
      ? Object.fromEntries(Object.entries(part as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : part,
  );
  return createHash("sha256").update(canonical).digest("hex");
}
