import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { pagedSchema } from "../envelope.ts";
import { LOCALES } from "../locales.ts";
import { imageSchema } from "../schemas/blocks.ts";
import {
  createTranslationBody,
  elementCreateBody,
  elementUpdateBody,
  failedRequestBody,
  failedRequestFilterBody,
  finderDecideQuery,
  finderSearchSlugsQuery,
  getByHandlersBody,
  getUrlOnLanguageBody,
  idParams,
  linkBulkBody,
  linkBulkExistingBody,
  linkMastersBody,
  linkPostTypeBody,
  masterCreateBody,
  masterFilterBody,
  masterUpdateBody,
  navigationTreeParams,
  postCreateBody,
  postFilterBody,
  postStatuses,
  postTypeCreateBody,
  postTypeFilterBody,
  redirectCreateBody,
  redirectResolveQuery,
  slugParams,
  termFilterBody,
  termFilterQuery,
} from "../schemas/cms.ts";

/** Answers of the CMS endpoints (SPEC §3 Page, Post, Term, Element, Navigation; §7 CMS). */

/** Slug per language the item exists in, e.g. { hr: 'o-nama', en: 'about-us' }. */
const slugsByLanguage = z.record(z.string(), z.string());

/* ---------- Layout ---------- */

const navigationItemFields = {
  id: z.number().int(),
  title: z.string(),
  type: z.enum(["link", "linkless"]),
  /** Null for a linkless item (a heading of its children). */
  url: z.string().nullable(),
  external: z.boolean(),
};
export type NavigationItem = z.infer<z.ZodObject<typeof navigationItemFields>> & { children: NavigationItem[] };
export const navigationItem: z.ZodType<NavigationItem> = z.object({
  ...navigationItemFields,
  get children() {
    return z.array(navigationItem);
  },
});

export const elementView = z.object({
  id: z.number().int(),
  handler: z.string(),
  title: z.string(),
  type: z.string(),
  slug: z.string(),
  language_code: z.string(),
  options: z.record(z.string(), z.unknown()),
  meta: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  /** Counts the element's saves: an edit based on an older one is refused (issue 13). */
  version: z.number().int(),
});
export type ElementView = z.infer<typeof elementView>;

/* ---------- Pages and posts ---------- */

export const pageComponent = z.object({
  id: z.number().int(),
  template: z.string(),
  data: z.record(z.string(), z.unknown()),
  /** Set when the component is a master section shared by every page that uses it. */
  master: z.number().int().optional(),
});
export type PageComponent = z.infer<typeof pageComponent>;

export const pageView = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  language: z.string(),
  components: z.array(pageComponent),
  translations: slugsByLanguage,
});
export type PageView = z.infer<typeof pageView>;

export const termRef = z.object({ id: z.number().int(), slug: z.string(), title: z.string() });
export type TermRef = z.infer<typeof termRef>;

export const postView = z.object({
  id: z.number().int(),
  postType: z.string(),
  slug: z.string(),
  title: z.string(),
  language: z.string(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  excerpt: z.string(),
  image: imageSchema.nullable(),
  terms: z.array(termRef),
  /** Legacy display (and the post page): sanitized HTML. */
  body: z.string().optional(),
  /** Components display (and the post page): masters resolved. */
  components: z.array(pageComponent).optional(),
  translations: slugsByLanguage,
});
export type PostView = z.infer<typeof postView>;

export const finderDecision = z.discriminatedUnion("type", [
  z.object({ type: z.literal("page"), page: pageView }),
  z.object({ type: z.literal("post"), post: postView }),
]);
export type FinderDecision = z.infer<typeof finderDecision>;

export const slugMatch = z.object({
  type: z.enum(["page", "post", "term"]),
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  language: z.string(),
  status: z.enum(postStatuses),
});
export type SlugMatch = z.infer<typeof slugMatch>;

export const urlOnLanguage = z.object({
  url: z.string(),
  type: z.enum(["page", "post", "term"]),
  slug: z.string(),
  /** The language the target content exists in (the hr original when there is no translation). */
  language: z.string(),
});
export type UrlOnLanguage = z.infer<typeof urlOnLanguage>;

export const postTypeView = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Title per language. */
  translations: z.record(z.string(), z.string()),
  posts: z.number().int(),
});
export type PostTypeView = z.infer<typeof postTypeView>;

export const termView = z.object({
  id: z.number().int(),
  termType: z.string(),
  slug: z.string(),
  /** The term's slug in the main language (hr). */
  slugMain: z.string(),
  title: z.string(),
  description: z.string(),
  language: z.string(),
  translations: slugsByLanguage,
});
export type TermView = z.infer<typeof termView>;

export const masterView = z.object({
  id: z.number().int(),
  template: z.string(),
  title: z.string(),
  /** Data per language. */
  translations: z.partialRecord(z.enum(LOCALES), z.record(z.string(), z.unknown())),
  updatedAt: z.string(),
});
export type MasterView = z.infer<typeof masterView>;

/* ---------- Redirects ---------- */

export const redirectView = z.object({
  id: z.number().int(),
  fromPath: z.string(),
  toPath: z.string(),
  status: z.union([z.literal(301), z.literal(302)]),
});
export type RedirectView = z.infer<typeof redirectView>;

export const failedRequestView = z.object({
  path: z.string(),
  hits: z.number().int(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});
export type FailedRequestView = z.infer<typeof failedRequestView>;

const tag = "cms";

/** The CMS of SPEC §7: layout elements and navigation, the finder, terms, posts, translation links, masters, redirects. */
export const cmsApi = {
  navigationTree: endpoint({
    method: "GET",
    path: "/v1/navigation/tree/:id",
    summary: "Navigation tree (main, footer1–4)",
    tag,
    access: "public",
    params: navigationTreeParams,
    answer: z.array(navigationItem),
  }),
  getByHandlers: endpoint({
    method: "POST",
    path: "/v1/element/getByHandlers",
    summary: "Header, footer and cookie elements",
    tag,
    access: "public",
    body: getByHandlersBody,
    answer: z.array(elementView),
  }),
  createElement: endpoint({
    method: "POST",
    path: "/v1/element/create",
    summary: "Create a header, footer or cookie element for one variant and language (options checked against the handler's schema)",
    tag,
    access: { staff: "content" },
    body: elementCreateBody,
    answer: elementView,
  }),
  updateElement: endpoint({
    method: "PATCH",
    path: "/v1/element/update/:id",
    summary: "Change an element's title and/or options (checked against its handler's schema)",
    tag,
    access: { staff: "content" },
    params: idParams,
    body: elementUpdateBody,
    answer: elementView,
  }),
  decide: endpoint({
    method: "GET",
    path: "/v1/finder/decide",
    summary:
      "Resolve the content route's params (`params`, comma-separated, or `slug`; none: the home page) to the published page or post: {type:'page', page} | {type:'post', post}",
    tag,
    access: "public",
    query: finderDecideQuery,
    answer: finderDecision,
  }),
  searchSlugs: endpoint({
    method: "GET",
    path: "/v1/finder/searchSlugs",
    summary: "Pages, posts and blog terms whose slug starts with `prefix` in one language (for editors picking a link)",
    tag,
    access: { staff: "content" },
    query: finderSearchSlugsQuery,
    answer: z.array(slugMatch),
  }),
  getUrlOnLanguage: endpoint({
    method: "POST",
    path: "/v1/finder/getUrlOnLanguage",
    summary: "The URL of the same page, post or blog category in another language (the hr original's slug when untranslated)",
    tag,
    access: "public",
    body: getUrlOnLanguageBody,
    answer: urlOnLanguage,
  }),
  filterTerms: endpoint({
    method: "GET",
    path: "/v1/term/filter",
    summary: "Blog terms (categories, tags) of one type, in the request language (hr fallback), paged",
    tag,
    access: "public",
    query: termFilterQuery,
    answer: pagedSchema(termView),
  }),
  filterTermsStandard: endpoint({
    method: "POST",
    path: "/v1/term/filterStandard",
    summary: "Blog terms of the given term types (termTypeTitles: 'category', 'tag'), paged or all (noPaginate)",
    tag,
    access: "public",
    body: termFilterBody,
    answer: pagedSchema(termView),
  }),
  getTerm: endpoint({
    method: "GET",
    path: "/v1/term/get/:id",
    summary: "One blog term by id, with slugMain (its hr slug) and its slug per language",
    tag,
    access: "public",
    params: idParams,
    answer: termView,
  }),
  getTermBySlug: endpoint({
    method: "GET",
    path: "/v1/term/getBySlug/:slug",
    summary: "One blog term by its slug in the request language (hr fallback), with slugMain (its hr slug)",
    tag,
    access: "public",
    params: slugParams,
    answer: termView,
  }),
  createPost: endpoint({
    method: "POST",
    path: "/v1/post/create",
    summary: "Create a page or post with its translations (components or legacy HTML body, sanitized), terms and publication state",
    tag,
    access: { staff: "content" },
    body: postCreateBody,
    answer: postView,
  }),
  filterPosts: endpoint({
    method: "POST",
    path: "/v1/post/filterStandard",
    summary:
      "Published posts of postTypeSlugs (default post), optionally of termSlugs and a date range, newest first, paged; display 'components' or 'legacy' (HTML body)",
    tag,
    shows: ["postList"],
    access: "public",
    body: postFilterBody,
    answer: pagedSchema(postView),
  }),
  createPostType: endpoint({
    method: "POST",
    path: "/v1/postType/create",
    summary: "Create a post type with its title per language",
    tag,
    access: { staff: "content" },
    body: postTypeCreateBody,
    answer: postTypeView,
  }),
  filterPostTypes: endpoint({
    method: "POST",
    path: "/v1/postType/filterStandard",
    summary: "Post types with their titles and post counts, paged or all (noPaginate)",
    tag,
    access: "public",
    body: postTypeFilterBody,
    answer: pagedSchema(postTypeView),
  }),
  deletePostType: endpoint({
    method: "DELETE",
    path: "/v1/postType/delete/:id",
    summary: "Delete a post type that has no posts (the built-in page and post types stay)",
    tag,
    access: { staff: "content" },
    params: idParams,
    answer: z.object({ id: z.number().int() }),
  }),
  bulkTranslations: endpoint({
    method: "PUT",
    path: "/v1/link/postTranslation/:slug/bulk",
    summary: "Create or replace the given languages of the post `slug` (slug, title, body or components, excerpt, image)",
    tag,
    access: { staff: "content" },
    params: slugParams,
    body: linkBulkBody,
    answer: postView,
  }),
  attachExisting: endpoint({
    method: "PUT",
    path: "/v1/link/postTranslation/:slug/bulkExisting",
    summary:
      "Attach posts written separately in other languages ({language, slug}) as translations of the post `slug`; an emptied post is deleted",
    tag,
    access: { staff: "content" },
    params: slugParams,
    body: linkBulkExistingBody,
    answer: postView,
  }),
  createTranslationFromOriginal: endpoint({
    method: "POST",
    path: "/v1/link/:id/createTranslationFromOriginal",
    summary: "Add a language to post `id` as a copy of its original (hr) version; slug defaults to the original's plus the language",
    tag,
    access: { staff: "content" },
    params: idParams,
    body: createTranslationBody,
    answer: postView,
  }),
  linkPostTypeTitles: endpoint({
    method: "PUT",
    path: "/v1/link/postType/:id/bulk",
    summary: "Create or replace the title of post type `id` in the given languages",
    tag,
    access: { staff: "content" },
    params: idParams,
    body: linkPostTypeBody,
    answer: postTypeView,
  }),
  linkMasters: endpoint({
    method: "POST",
    path: "/v1/link/masters/:id",
    summary: "Give master component `id` a version in each of `languages` that lacks one, copied from its hr original",
    tag,
    access: { staff: "content" },
    params: idParams,
    body: linkMastersBody,
    answer: masterView,
  }),
  createMaster: endpoint({
    method: "POST",
    path: "/v1/master/create",
    summary: "Create a master component (a section shared by every page that places {master: id}) with its data per language",
    tag,
    access: { staff: "content" },
    body: masterCreateBody,
    answer: masterView,
  }),
  updateMaster: endpoint({
    method: "PATCH",
    path: "/v1/master/update/:id",
    summary: "Replace one language of a master component: every page using it changes",
    tag,
    access: { staff: "content" },
    params: idParams,
    body: masterUpdateBody,
    answer: masterView,
  }),
  filterMasters: endpoint({
    method: "POST",
    path: "/v1/master/filterStandard",
    summary: "Master components (optionally of one template), newest first, paged",
    tag,
    access: { staff: "content" },
    readOnly: true,
    body: masterFilterBody,
    answer: pagedSchema(masterView),
  }),
  addFailedRequest: endpoint({
    method: "POST",
    path: "/v1/redirect/addFailedRequest",
    summary: "Record a path that ended in a 404 (counted per path; rate-limited per client)",
    tag,
    access: "public",
    body: failedRequestBody,
    answer: failedRequestView,
  }),
  resolveRedirect: endpoint({
    method: "GET",
    path: "/v1/redirect/resolve",
    summary: "The configured redirect of a path ({toPath, status 301|302}), or 404",
    tag,
    access: "public",
    query: redirectResolveQuery,
    answer: redirectView,
  }),
  createRedirect: endpoint({
    method: "POST",
    path: "/v1/redirect/create",
    summary: "Configure a redirect from an old path to an internal one (301 permanent or 302 temporary)",
    tag,
    access: { staff: "content" },
    body: redirectCreateBody,
    answer: redirectView,
  }),
  filterFailedRequests: endpoint({
    method: "POST",
    path: "/v1/redirect/failedRequests",
    summary: "Recorded 404 paths with their counts, most frequent first",
    tag,
    access: { staff: "content" },
    readOnly: true,
    body: failedRequestFilterBody,
    answer: pagedSchema(failedRequestView),
  }),
} as const;
