import { type AdminOrderFilters, SYSTEM_ROUTES } from "@shop/contracts";
import { adminOrderFilters } from "@shop/contracts/schemas/admin-orders.ts";

/** The list's filters as the GET form names them (the platform's own field names). */
export const FILTER_NAMES = ["q", "status", "paymentStatus", "fulfilmentStatus", "paymentKind", "branchId", "from", "to"] as const;
export type FilterValues = Record<(typeof FILTER_NAMES)[number], string>;

/**
 * The filters of an address: the given ones that parse; one that does not (a hand-edited address)
 * is dropped and reported, not an error page.
 */
export function filtersOf(params: URLSearchParams): { filters: AdminOrderFilters; values: FilterValues; dropped: boolean } {
  const values = Object.fromEntries(FILTER_NAMES.map((k) => [k, params.get(k)?.trim() ?? ""])) as FilterValues;
  const filters: Record<string, unknown> = {};
  let dropped = false;
  for (const name of FILTER_NAMES) {
    if (values[name] === "") continue;
    const one = adminOrderFilters.shape[name].safeParse(values[name]);
    if (one.success) filters[name] = one.data;
    else {
      dropped = true;
      values[name] = "";
    }
  }
  return { filters: filters as AdminOrderFilters, values, dropped };
}

/** The list (or its CSV) with these filters, and a page when given. */
export function ordersHref(
  path: typeof SYSTEM_ROUTES.adminOrders | typeof SYSTEM_ROUTES.adminOrdersExport,
  values: FilterValues,
  page?: number,
) {
  const params = new URLSearchParams(Object.entries(values).filter(([, v]) => v !== ""));
  if (page !== undefined && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** An order's page. */
export const orderHref = (code: string) => SYSTEM_ROUTES.adminOrder.replace(":code", encodeURIComponent(code));
