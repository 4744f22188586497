import { type EditableNavigation, isSafeLink, type NavigationHandle, type NavigationItemInput, V } from "@shop/contracts";
import { AppError, type FieldRefusal, fieldsError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { navigationTree, treeOf } from "./cms.service.ts";
import { contentChanged } from "./content-rules.ts";
import * as repo from "./layout.repository.ts";

/*
 * Editing a navigation menu in place (issue 13, SPEC §2): the whole tree of one menu in the
 * request language is read with its version and saved whole, only on the version it was based on.
 */

/**
 * GET editor/navigation/:id: the menu of the request language with its version. A language without
 * a menu of its own shows the Croatian one visitors see, at version 0: saving it makes its own.
 */
export async function navigation(ctx: RequestCtx, handle: NavigationHandle): Promise<EditableNavigation> {
  const own = await repo.navigationOf(ctx.db, handle, ctx.locale);
  if (own) return { version: own.version, items: await treeOf(ctx.db, own.id) };
  return { version: 0, items: await navigationTree(ctx, handle) };
}

/** Refusals of the tree's addresses: a link needs a safe one (the rule of every stored link), a linkless heading has none. */
function urlRefusals(items: readonly NavigationItemInput[], path: string): FieldRefusal[] {
  return items.flatMap((item, index) => {
    const at = `${path}.${index}`;
    const own: FieldRefusal[] = [];
    const url = item.url?.trim() ?? "";
    if (item.type === "link" && url === "") own.push({ path: `${at}.url`, key: V.required });
    else if (item.type === "link" && !isSafeLink(url)) own.push({ path: `${at}.url`, key: V.invalid });
    return [...own, ...urlRefusals(item.children ?? [], `${at}.children`)];
  });
}

async function insertTree(tx: RequestCtx, navigationId: number, items: readonly NavigationItemInput[], parentId: number | null) {
  for (const [position, item] of items.entries()) {
    const id = await repo.insertNavigationItem(tx.db, {
      navigationId,
      parentId,
      position,
      type: item.type,
      title: item.title,
      url: item.type === "linkless" ? null : (item.url?.trim() ?? null),
    });
    await insertTree(tx, navigationId, item.children ?? [], id);
  }
}

/** PUT navigation/tree/:id: replaces the menu's tree in the request language; 409 when based on an older version. */
export async function saveNavigation(
  ctx: RequestCtx,
  handle: NavigationHandle,
  body: { baseVersion: number; items: readonly NavigationItemInput[] },
): Promise<EditableNavigation> {
  const refusals = urlRefusals(body.items, "items");
  if (refusals.length) throw fieldsError(refusals);
  return withTransaction(ctx, async (tx) => {
    const id =
      body.baseVersion === 0
        ? await repo.insertNavigation(tx.db, handle, tx.locale)
        : await repo.bumpNavigation(tx.db, handle, tx.locale, body.baseVersion);
    if (id === undefined) throw new AppError("CONFLICT", "error.editor.staleLayout");
    await repo.deleteNavigationItems(tx.db, id);
    await insertTree(tx, id, body.items, null);
    // The menus are on every page.
    contentChanged(tx, ["navigation"]);
    return navigation(tx, handle);
  });
}
