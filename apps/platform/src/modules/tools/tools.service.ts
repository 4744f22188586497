import type { DomainListAnswer, LatestTagAnswer, ReleaseView, SetDomainAnswer } from "@shop/contracts";
import { V } from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { cachedFor, latestTagOf, RELEASES_TTL_MS, readAppVersion, readChangelog, TAG_TTL_MS } from "./release-history.ts";
import * as repo from "./tools.repository.ts";

/** SPEC §2/§7: these tools exist outside production only; there they answer like an unknown address. */
function outsideProduction(ctx: RequestCtx): void {
  if (ctx.config.production) throw new AppError("NOT_FOUND", "error.notFound");
}

const releases = cachedFor(RELEASES_TTL_MS, readChangelog);
const latestTag = cachedFor(TAG_TTL_MS, async (): Promise<LatestTagAnswer> => {
  const [version, history] = await Promise.all([readAppVersion(), readChangelog()]);
  return { version, tag_name: latestTagOf(history) };
});

export async function getLatestTag(ctx: RequestCtx): Promise<LatestTagAnswer> {
  outsideProduction(ctx);
  return latestTag();
}

/**
 * SPEC §7 get-latest-release: the project's release history. The project is not hosted where the
 * GitLab project and branch would point; its history is the repository's CHANGELOG.md.
 */
export async function getReleases(ctx: RequestCtx): Promise<ReleaseView[]> {
  outsideProduction(ctx);
  return releases();
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

export async function getDomains(ctx: RequestCtx): Promise<DomainListAnswer> {
  outsideProduction(ctx);
  const forced = hostOf(ctx.config.publicUrl) ?? ctx.config.publicUrl;
  const seen = new Map<string, string>();
  for (const site of await repo.siteAddresses(ctx.db)) {
    const host = hostOf(site.url);
    if (host && !seen.has(host)) seen.set(host, site.name);
  }
  if (!seen.has(forced)) seen.set(forced, ctx.site.name);
  return { domains: [...seen].map(([domain, site]) => ({ domain, site })), forced };
}

/** SPEC §7 set-domain: a configured domain for this staff session (the storefront keeps the choice); refused otherwise. */
export async function setDomain(ctx: RequestCtx, domain: string): Promise<SetDomainAnswer> {
  const { domains, forced } = await getDomains(ctx);
  const chosen = domains.find((d) => d.domain === domain.toLowerCase());
  if (!chosen) throw new AppError("VALIDATION_ERROR", "error.tools.unknownDomain", { fields: [{ path: "domain", key: V.invalid }] });
  return { domain: chosen.domain, forced, rebuildNeeded: chosen.domain !== forced };
}
