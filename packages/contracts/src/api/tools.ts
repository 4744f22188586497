import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import {
  latestReleaseBody,
  pageTemplateCreateBody,
  pageTemplateIdParams,
  pageTemplateReorderBody,
  pageTemplateUpdateBody,
  setDomainBody,
} from "../schemas/page-templates.ts";

/** One block of a page template: its template and the data it starts with (null: it starts empty). */
export const pageTemplateBlock = z.object({
  id: z.number().int(),
  template: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type PageTemplateBlock = z.infer<typeof pageTemplateBlock>;

/** A page template (issue 12, SPEC §2 /admin/templates): a named, ordered set of blocks a new page starts from. */
export const pageTemplateView = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  blocks: z.array(pageTemplateBlock),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PageTemplateView = z.infer<typeof pageTemplateView>;

export const pageTemplateList = z.object({ records: z.array(pageTemplateView) });
export type PageTemplateList = z.infer<typeof pageTemplateList>;

const templatesTag = "pageTemplates";

/** Page templates, for editors with the content scope. */
export const pageTemplatesApi = {
  list: endpoint({
    method: "GET",
    path: "/v1/pageTemplate/filter",
    summary: "Every page template with its blocks, by name (backoffice)",
    tag: templatesTag,
    access: { staff: "content" },
    answer: pageTemplateList,
  }),
  create: endpoint({
    method: "POST",
    path: "/v1/pageTemplate/create",
    summary: "Create a page template from block templates, or as a copy of a page's components in one language (backoffice)",
    tag: templatesTag,
    access: { staff: "content" },
    body: pageTemplateCreateBody,
    answer: pageTemplateView,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/v1/pageTemplate/update/:id",
    summary: "Rename a page template and change its description (backoffice)",
    tag: templatesTag,
    access: { staff: "content" },
    params: pageTemplateIdParams,
    body: pageTemplateUpdateBody,
    answer: pageTemplateView,
  }),
  reorder: endpoint({
    method: "POST",
    path: "/v1/pageTemplate/reorder/:id",
    summary: "Put a page template's blocks in a new order: every block id once (backoffice)",
    tag: templatesTag,
    access: { staff: "content" },
    params: pageTemplateIdParams,
    body: pageTemplateReorderBody,
    answer: pageTemplateView,
  }),
  delete: endpoint({
    method: "DELETE",
    path: "/v1/pageTemplate/delete/:id",
    summary: "Delete a page template; pages made from it keep their components (backoffice)",
    tag: templatesTag,
    access: { staff: "content" },
    params: pageTemplateIdParams,
    answer: z.object({ outcome: z.literal("deleted") }),
  }),
} as const;

/** SPEC §3 Release: one entry of the project's release history, its notes as sanitised HTML. */
export const releaseView = z.object({
  tag_name: z.string(),
  /** The release's day (YYYY-MM-DD); null for the changes not released yet. */
  released_at: z.string().nullable(),
  description_html: z.string(),
});
export type ReleaseView = z.infer<typeof releaseView>;

export const latestTagAnswer = z.object({
  /** The application's version (package.json). */
  version: z.string(),
  /** The newest release tag of the history (CHANGELOG.md); null before the first release. */
  tag_name: z.string().nullable(),
});
export type LatestTagAnswer = z.infer<typeof latestTagAnswer>;

export const domainListAnswer = z.object({
  /** The domains the shop is configured for (its sites and PUBLIC_URL), each once. */
  domains: z.array(z.object({ domain: z.string(), site: z.string() })),
  /** The domain PUBLIC_URL forces: links, the sitemap and cached pages are built for it. */
  forced: z.string(),
});
export type DomainListAnswer = z.infer<typeof domainListAnswer>;

export const setDomainAnswer = z.object({
  domain: z.string(),
  forced: z.string(),
  /** The chosen domain is not the forced one: a rebuild with PUBLIC_URL changed is needed to serve it. */
  rebuildNeeded: z.boolean(),
});
export type SetDomainAnswer = z.infer<typeof setDomainAnswer>;

const toolsTag = "tools";

/**
 * SPEC §7 Tools, non-production only (outside production mode; in production each answers 404):
 * the version and release history behind the admin's badge and release notes, and the domain picker.
 */
export const toolsApi = {
  latestTag: endpoint({
    method: "GET",
    path: "/_cli/get-latest-tag",
    summary: "The application's version and newest release tag (non-production, staff)",
    tag: toolsTag,
    access: { staff: "any" },
    answer: latestTagAnswer,
  }),
  latestRelease: endpoint({
    method: "POST",
    path: "/_cli/get-latest-release",
    summary: "The project's releases, newest first, with notes as sanitised HTML (non-production, staff)",
    tag: toolsTag,
    access: { staff: "any" },
    readOnly: true,
    body: latestReleaseBody,
    answer: z.array(releaseView),
  }),
  getDomain: endpoint({
    method: "GET",
    path: "/_cli/get-domain",
    summary: "The configured domains and the one PUBLIC_URL forces (non-production, staff)",
    tag: toolsTag,
    access: { staff: "any" },
    answer: domainListAnswer,
  }),
  setDomain: endpoint({
    method: "POST",
    path: "/_cli/set-domain",
    summary: "Check a domain a staff session prefers against the configured ones; says whether a rebuild is needed (non-production, staff)",
    tag: toolsTag,
    access: { staff: "any" },
    // The choice is kept by the storefront in the staff session: nothing changes here to audit.
    readOnly: true,
    body: setDomainBody,
    answer: setDomainAnswer,
  }),
} as const;
