/**
 * The client's address behind `hops` proxies of our own. Each proxy appends the address it was
 * connected from to X-Forwarded-For, so only the right-most `hops` entries are facts; anything to
 * their left was sent by the client and may be made up. The entry `hops` from the right is the
 * client as our outermost proxy saw it.
 */
export function forwardedClient(header: string | undefined, hops: number): string | undefined {
  if (!header || hops < 1) return undefined;
  const entries = header
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries[Math.max(0, entries.length - hops)];
}
