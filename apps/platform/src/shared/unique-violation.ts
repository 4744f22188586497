/** A unique index refused a row: the final word when two requests race past an existence check (PostgreSQL or SQLite). */
export function isUniqueViolation(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (err as { code?: unknown }).code === "23505" || err.message.includes("UNIQUE constraint failed");
}
