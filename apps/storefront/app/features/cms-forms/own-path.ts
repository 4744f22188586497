/**
 * A double opt-in goal's URL as a path on this site: an internal path, or an absolute URL of our
 * own origin (files have dots in their names, so this is wider than SPEC §5's redirect rule).
 * Anything else – another host, '//host', '/\host', javascript: – is refused, so the confirmation
 * page never becomes an open redirect or downloads from elsewhere.
 */
export function ownPath(goal: string, publicUrl: string): string | null {
  if (!goal.startsWith("/") && !/^https?:\/\//i.test(goal)) return null;
  let url: URL;
  try {
    url = new URL(goal, publicUrl);
  } catch {
    return null;
  }
  if (url.origin !== new URL(publicUrl).origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
