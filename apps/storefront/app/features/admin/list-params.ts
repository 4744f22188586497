/** A page number from the address; anything else is the first page (a hand-edited address is no error page). */
export function pageParam(params: URLSearchParams, name = "page"): number {
  const page = Number(params.get(name));
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
