import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as layout from "./cms.service.ts";
import * as links from "./links.service.ts";
import * as masters from "./masters.service.ts";
import * as posts from "./posts.service.ts";
import * as redirects from "./redirects.service.ts";
import * as terms from "./terms.service.ts";

export const cmsEndpoints = implement(api.cms, {
  navigationTree: (ctx, { params }) => layout.navigationTree(ctx, params.id),
  getByHandlers: (ctx, { body }) => layout.elementsByHandlers(ctx, body.handlers, body.variant),
  createElement: (ctx, { body }) => layout.createElement(ctx, body),
  updateElement: (ctx, { params, body }) => layout.updateElement(ctx, params.id, body),

  decide: (ctx, { query }) => posts.decide(ctx, query),
  searchSlugs: (ctx, { query }) => posts.searchSlugs(ctx, query),
  getUrlOnLanguage: (ctx, { body }) => posts.urlOnLanguage(ctx, body),

  filterTerms: (ctx, { query }) =>
    terms.filterTerms(ctx, { types: query.termType ? [query.termType] : undefined, page: query.page, limit: query.limit }),
  filterTermsStandard: (ctx, { body }) =>
    terms.filterTerms(ctx, { types: body.termTypeTitles, page: body.page, limit: body.limit, noPaginate: body.noPaginate }),
  getTerm: (ctx, { params }) => terms.getTerm(ctx, params.id),
  getTermBySlug: (ctx, { params }) => terms.getTermBySlug(ctx, params.slug),

  createPost: (ctx, { body }) => posts.createPost(ctx, body),
  filterPosts: (ctx, { body }) => posts.filterPosts(ctx, body),
  createPostType: (ctx, { body }) => terms.createPostType(ctx, body),
  filterPostTypes: (ctx, { body }) => terms.filterPostTypes(ctx, body),
  deletePostType: (ctx, { params }) => terms.deletePostType(ctx, params.id),

  bulkTranslations: (ctx, { params, body }) => links.bulkTranslations(ctx, params.slug, body.translations),
  attachExisting: (ctx, { params, body }) => links.attachExisting(ctx, params.slug, body.posts),
  createTranslationFromOriginal: (ctx, { params, body }) => links.createTranslationFromOriginal(ctx, params.id, body),
  linkPostTypeTitles: (ctx, { params, body }) => terms.linkPostTypeTitles(ctx, params.id, body.translations),
  linkMasters: (ctx, { params, body }) => masters.linkMasterLanguages(ctx, params.id, body.languages),

  createMaster: (ctx, { body }) => masters.createMaster(ctx, body),
  updateMaster: (ctx, { params, body }) => masters.updateMaster(ctx, params.id, body),
  filterMasters: (ctx, { body }) => masters.filterMasters(ctx, body),

  addFailedRequest: (ctx, { body }) => redirects.addFailedRequest(ctx, body.path),
  resolveRedirect: (ctx, { query }) => redirects.resolveRedirect(ctx, query.path),
  createRedirect: (ctx, { body }) => redirects.createRedirect(ctx, body),
  filterFailedRequests: (ctx, { body }) => redirects.filterFailedRequests(ctx, body),
});
