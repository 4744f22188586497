import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as drafts from "./drafts.service.ts";
import * as locks from "./locks.service.ts";
import * as navigation from "./navigation-editing.service.ts";
import * as revisions from "./revisions.service.ts";

/** Issue 13's in-place editing: drafts, publishing, revisions, locks, new pages, navigation (ADR 25). */
export const pageEditorEndpoints = implement(api.pageEditor, {
  decide: (ctx, { query }) => drafts.decide(ctx, query),
  getPage: (ctx, { params }) => drafts.getPage(ctx, params.id),
  saveDraft: (ctx, { params, body }) => drafts.saveDraft(ctx, params.id, body),
  discardDraft: (ctx, { params }) => drafts.discardDraft(ctx, params.id),
  publish: (ctx, { params, body }) => drafts.publish(ctx, params.id, body.draftVersion),
  revisions: (ctx, { params }) => revisions.revisions(ctx, params.id),
  revision: (ctx, { params }) => revisions.revision(ctx, params.id),
  restore: (ctx, { params }) => revisions.restore(ctx, params.id),
  lock: (ctx, { params, body }) => locks.lock(ctx, params.id, body.takeOver),
  unlock: (ctx, { params }) => locks.unlock(ctx, params.id),
  createPage: (ctx, { body }) => drafts.createPage(ctx, body),
  translate: (ctx, { params, body }) => drafts.translate(ctx, params.id, body),
  navigation: (ctx, { params }) => navigation.navigation(ctx, params.id),
  saveNavigation: (ctx, { params, body }) => navigation.saveNavigation(ctx, params.id, body),
  masterUsage: (ctx, { params }) => drafts.masterUsage(ctx, params.id),
});
