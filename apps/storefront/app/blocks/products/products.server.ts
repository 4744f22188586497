import type { CategoryView } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { type Card, toCard } from "../../features/catalog/product-card.tsx";
import type { Platform } from "../../platform.server.ts";

/** Puts found items in the order staff picked them; ids no longer found are left out. */
function inOrder<T extends { id: number }>(ids: readonly number[], found: readonly T[]): T[] {
  const byId = new Map(found.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The picked products that are still visible and not archived, as cards. */
export async function loadPickedProducts(platform: Platform, ids: readonly number[]): Promise<Card[]> {
  if (ids.length === 0) return [];
  const result = await platform.callPublic(api.catalog.filterProducts, {
    body: {
      filters: [
        { key: "id", value: [...ids] },
        { key: "archived", value: false },
      ],
      limit: ids.length,
      page: 1,
    },
  });
  return result.ok ? inOrder(ids, result.data.records).map(toCard) : [];
}

/** The picked product categories that still exist. */
export async function loadPickedCategories(platform: Platform, ids: readonly number[]): Promise<CategoryView[]> {
  if (ids.length === 0) return [];
  const result = await platform.callPublic(api.catalog.filterCategories, { body: { filters: [{ key: "id", value: [...ids] }] } });
  return result.ok ? inOrder(ids, result.data.records) : [];
}
