import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { postStatuses } from "../schemas/cms.ts";
import {
  draftSaveBody,
  editorDecideQuery,
  editorPageParams,
  lockBody,
  navigationSaveBody,
  navigationSaveParams,
  newPageBody,
  publishBody,
  revisionParams,
  translateBody,
} from "../schemas/page-editor.ts";
import { navigationItem, pageComponent } from "./cms.ts";

/**
 * Answers of in-place editing (issue 13, SPEC §2 edit mode, §7 CMS). A page (or post) has per
 * language a published version, which visitors and the page cache see, and at most one draft, which
 * only staff see; every publish keeps a revision.
 */

/** Who holds a page's lock in one language; `mine` when it is the caller. */
export const editorLock = z.object({
  holderId: z.number().int(),
  holderName: z.string(),
  expiresAt: z.string(),
  mine: z.boolean(),
});
export type EditorLock = z.infer<typeof editorLock>;

/** One version of a page in one language: masters resolved (their components carry `master`). */
export const pageVersion = z.object({
  slug: z.string(),
  title: z.string(),
  components: z.array(pageComponent),
  /** Drafts count their saves from 1; the published version counts its publishes. */
  version: z.number().int(),
  savedAt: z.string(),
  /** The staff member who saved (or published) it; null for seeded content. */
  savedBy: z.string().nullable(),
});
export type PageVersion = z.infer<typeof pageVersion>;

export const editablePage = z.object({
  id: z.number().int(),
  postType: z.string(),
  language: z.string(),
  /** Whether visitors see the page at all (in some language). */
  status: z.enum(postStatuses),
  /** The live version in this language; with `fallback`, the Croatian one visitors see instead. */
  published: pageVersion.nullable(),
  /** This language has no version of its own: what shows is the Croatian one, which it can be made from. */
  fallback: z.boolean(),
  draft: pageVersion.nullable(),
  lock: editorLock.nullable(),
  /** The published slug per language. */
  translations: z.record(z.string(), z.string()),
});
export type EditablePage = z.infer<typeof editablePage>;

export const revisionSummary = z.object({
  id: z.number().int(),
  version: z.number().int(),
  title: z.string(),
  slug: z.string(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
  /** The revision this one restored, when it was a restore. */
  restoredFrom: z.number().int().nullable(),
});
export type RevisionSummary = z.infer<typeof revisionSummary>;

export const revisionView = revisionSummary.extend({ language: z.string(), pageId: z.number().int(), components: z.array(pageComponent) });
export type RevisionView = z.infer<typeof revisionView>;

export const editableNavigation = z.object({ version: z.number().int(), items: z.array(navigationItem) });
export type EditableNavigation = z.infer<typeof editableNavigation>;

export const masterUsage = z.object({
  pages: z.array(z.object({ id: z.number().int(), title: z.string(), slug: z.string(), language: z.string() })),
});
export type MasterUsage = z.infer<typeof masterUsage>;

const tag = "editor";
const staff = { staff: "content" } as const;

export const pageEditorApi = {
  decide: endpoint({
    method: "GET",
    path: "/v1/editor/decide",
    summary: "The page or post at the content route's slug as staff edit it: published, draft (also of an unpublished page) and lock",
    tag,
    access: staff,
    query: editorDecideQuery,
    answer: editablePage,
  }),
  getPage: endpoint({
    method: "GET",
    path: "/v1/editor/page/:id",
    summary: "One page or post in the request language: published version, draft, lock, translations",
    tag,
    access: staff,
    params: editorPageParams,
    answer: editablePage,
  }),
  saveDraft: endpoint({
    method: "PUT",
    path: "/v1/editor/page/:id/draft",
    summary:
      "Save the draft of the request language (visitors keep the published version); refused when based on an older draft, when another editor holds the lock, or with no components",
    tag,
    access: staff,
    params: editorPageParams,
    body: draftSaveBody,
    answer: editablePage,
  }),
  discardDraft: endpoint({
    method: "DELETE",
    path: "/v1/editor/page/:id/draft",
    summary: "Throw the draft of the request language away",
    tag,
    access: staff,
    params: editorPageParams,
    answer: editablePage,
  }),
  publish: endpoint({
    method: "POST",
    path: "/v1/editor/page/:id/publish",
    summary: "Make the draft live: keeps a revision, leaves a 301 from a changed slug, clears the cached pages that show it",
    tag,
    access: staff,
    params: editorPageParams,
    body: publishBody,
    answer: editablePage,
  }),
  revisions: endpoint({
    method: "GET",
    path: "/v1/editor/page/:id/revisions",
    summary: "The revisions of the request language, newest first, with author and time",
    tag,
    access: staff,
    params: editorPageParams,
    answer: z.object({ records: z.array(revisionSummary) }),
  }),
  revision: endpoint({
    method: "GET",
    path: "/v1/editor/revision/:id",
    summary: "One revision with its components (a preview)",
    tag,
    access: staff,
    params: revisionParams,
    answer: revisionView,
  }),
  restore: endpoint({
    method: "POST",
    path: "/v1/editor/revision/:id/restore",
    summary: "Publish a revision's content again, as a new revision (the draft, if any, is thrown away)",
    tag,
    access: staff,
    params: revisionParams,
    answer: editablePage,
  }),
  lock: endpoint({
    method: "POST",
    path: "/v1/editor/page/:id/lock",
    summary: "Take or keep (heartbeat) the edit lock of the request language; `takeOver` takes it from another editor, who is told",
    tag,
    access: staff,
    params: editorPageParams,
    body: lockBody,
    answer: editorLock,
    auditsItself: true,
  }),
  unlock: endpoint({
    method: "DELETE",
    path: "/v1/editor/page/:id/lock",
    summary: "Let go of the edit lock of the request language (when the caller holds it)",
    tag,
    access: staff,
    params: editorPageParams,
    answer: z.object({ released: z.boolean() }),
    auditsItself: true,
  }),
  createPage: endpoint({
    method: "POST",
    path: "/v1/editor/page",
    summary: "New page (SPEC §2 new-page modal) from a page template: unpublished, its first draft in the given language",
    tag,
    access: staff,
    body: newPageBody,
    answer: editablePage,
  }),
  translate: endpoint({
    method: "POST",
    path: "/v1/editor/page/:id/translate",
    summary: "Make the request language's draft from the Croatian version (slug defaults to the Croatian one plus the language)",
    tag,
    access: staff,
    params: editorPageParams,
    body: translateBody,
    answer: editablePage,
  }),
  navigation: endpoint({
    method: "GET",
    path: "/v1/editor/navigation/:id",
    summary: "One navigation menu in the request language with its version, for editing",
    tag,
    access: staff,
    params: navigationSaveParams,
    answer: editableNavigation,
  }),
  saveNavigation: endpoint({
    method: "PUT",
    path: "/v1/navigation/tree/:id",
    summary: "Replace one navigation menu (main, footer1–4) in the request language; refused when based on an older version",
    tag,
    access: staff,
    params: navigationSaveParams,
    body: navigationSaveBody,
    answer: editableNavigation,
  }),
  masterUsage: endpoint({
    method: "GET",
    path: "/v1/editor/master/:id/usage",
    summary: "The pages (published or draft, per language) that place master component `id`",
    tag,
    access: staff,
    params: revisionParams,
    answer: masterUsage,
  }),
} as const;
