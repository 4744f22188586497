import {
  createTranslationBody,
  idParams,
  linkBulkBody,
  linkBulkExistingBody,
  linkMastersBody,
  linkPostTypeBody,
  masterCreateBody,
  masterFilterBody,
  masterUpdateBody,
  postCreateBody,
  postFilterBody,
  postTypeCreateBody,
  postTypeFilterBody,
  slugParams,
  termFilterBody,
  termFilterQuery,
} from "@shop/contracts";
import { endpoint } from "../../http/endpoint.ts";
import * as links from "./links.service.ts";
import * as masters from "./masters.service.ts";
import * as posts from "./posts.service.ts";
import * as terms from "./terms.service.ts";

const termEndpoints = [
  endpoint({
    method: "GET",
    path: "/v1/term/filter",
    summary: "Blog terms (categories, tags) of one type, in the request language (hr fallback), paged",
    tag: "cms",
    access: "public",
    query: termFilterQuery,
    handle: (ctx, { query }) =>
      terms.filterTerms(ctx, { types: query.termType ? [query.termType] : undefined, page: query.page, limit: query.limit }),
  }),
  endpoint({
    method: "POST",
    path: "/v1/term/filterStandard",
    summary: "Blog terms of the given term types (termTypeTitles: 'category', 'tag'), paged or all (noPaginate)",
    tag: "cms",
    access: "public",
    body: termFilterBody,
    handle: (ctx, { body }) =>
      terms.filterTerms(ctx, { types: body.termTypeTitles, page: body.page, limit: body.limit, noPaginate: body.noPaginate }),
  }),
  endpoint({
    method: "GET",
    path: "/v1/term/get/:id",
    summary: "One blog term by id, with slugMain (its hr slug) and its slug per language",
    tag: "cms",
    access: "public",
    params: idParams,
    handle: (ctx, { params }) => terms.getTerm(ctx, params.id),
  }),
  endpoint({
    method: "GET",
    path: "/v1/term/getBySlug/:slug",
    summary: "One blog term by its slug in the request language (hr fallback), with slugMain (its hr slug)",
    tag: "cms",
    access: "public",
    params: slugParams,
    handle: (ctx, { params }) => terms.getTermBySlug(ctx, params.slug),
  }),
];

const postEndpoints = [
  endpoint({
    method: "POST",
    path: "/v1/post/create",
    summary: "Create a page or post with its translations (components or legacy HTML body, sanitized), terms and publication state",
    tag: "cms",
    access: "backoffice",
    body: postCreateBody,
    handle: (ctx, { body }) => posts.createPost(ctx, body),
  }),
  endpoint({
    method: "POST",
    path: "/v1/post/filterStandard",
    summary:
      "Published posts of postTypeSlugs (default post), optionally of termSlugs and a date range, newest first, paged; display 'components' or 'legacy' (HTML body)",
    tag: "cms",
    access: "public",
    body: postFilterBody,
    handle: (ctx, { body }) => posts.filterPosts(ctx, body),
  }),
  endpoint({
    method: "POST",
    path: "/v1/postType/create",
    summary: "Create a post type with its title per language",
    tag: "cms",
    access: "backoffice",
    body: postTypeCreateBody,
    handle: (ctx, { body }) => terms.createPostType(ctx, body),
  }),
  endpoint({
    method: "POST",
    path: "/v1/postType/filterStandard",
    summary: "Post types with their titles and post counts, paged or all (noPaginate)",
    tag: "cms",
    access: "public",
    body: postTypeFilterBody,
    handle: (ctx, { body }) => terms.filterPostTypes(ctx, body),
  }),
  endpoint({
    method: "DELETE",
    path: "/v1/postType/delete/:id",
    summary: "Delete a post type that has no posts (the built-in page and post types stay)",
    tag: "cms",
    access: "backoffice",
    params: idParams,
    handle: (ctx, { params }) => terms.deletePostType(ctx, params.id),
  }),
];

const linkEndpoints = [
  endpoint({
    method: "PUT",
    path: "/v1/link/postTranslation/:slug/bulk",
    summary: "Create or replace the given languages of the post `slug` (slug, title, body or components, excerpt, image)",
    tag: "cms",
    access: "backoffice",
    params: slugParams,
    body: linkBulkBody,
    handle: (ctx, { params, body }) => links.bulkTranslations(ctx, params.slug, body.translations),
  }),
  endpoint({
    method: "PUT",
    path: "/v1/link/postTranslation/:slug/bulkExisting",
    summary:
      "Attach posts written separately in other languages ({language, slug}) as translations of the post `slug`; an emptied post is deleted",
    tag: "cms",
    access: "backoffice",
    params: slugParams,
    body: linkBulkExistingBody,
    handle: (ctx, { params, body }) => links.attachExisting(ctx, params.slug, body.posts),
  }),
  endpoint({
    method: "POST",
    path: "/v1/link/:id/createTranslationFromOriginal",
    summary: "Add a language to post `id` as a copy of its original (hr) version; slug defaults to the original's plus the language",
    tag: "cms",
    access: "backoffice",
    params: idParams,
    body: createTranslationBody,
    handle: (ctx, { params, body }) => links.createTranslationFromOriginal(ctx, params.id, body),
  }),
  endpoint({
    method: "PUT",
    path: "/v1/link/postType/:id/bulk",
    summary: "Create or replace the title of post type `id` in the given languages",
    tag: "cms",
    access: "backoffice",
    params: idParams,
    body: linkPostTypeBody,
    handle: (ctx, { params, body }) => terms.linkPostTypeTitles(ctx, params.id, body.translations),
  }),
  endpoint({
    method: "POST",
    path: "/v1/link/masters/:id",
    summary: "Give master component `id` a version in each of `languages` that lacks one, copied from its hr original",
    tag: "cms",
    access: "backoffice",
    params: idParams,
    body: linkMastersBody,
    handle: (ctx, { params, body }) => masters.linkMasterLanguages(ctx, params.id, body.languages),
  }),
];

const masterEndpoints = [
  endpoint({
    method: "POST",
    path: "/v1/master/create",
    summary: "Create a master component (a section shared by every page that places {master: id}) with its data per language",
    tag: "cms",
    access: "backoffice",
    body: masterCreateBody,
    handle: (ctx, { body }) => masters.createMaster(ctx, body),
  }),
  endpoint({
    method: "PATCH",
    path: "/v1/master/update/:id",
    summary: "Replace one language of a master component: every page using it changes",
    tag: "cms",
    access: "backoffice",
    params: idParams,
    body: masterUpdateBody,
    handle: (ctx, { params, body }) => masters.updateMaster(ctx, params.id, body),
  }),
  endpoint({
    method: "POST",
    path: "/v1/master/filterStandard",
    summary: "Master components (optionally of one template), newest first, paged",
    tag: "cms",
    access: "backoffice",
    body: masterFilterBody,
    handle: (ctx, { body }) => masters.filterMasters(ctx, body),
  }),
];

export const contentEndpoints = [...termEndpoints, ...postEndpoints, ...linkEndpoints, ...masterEndpoints];
