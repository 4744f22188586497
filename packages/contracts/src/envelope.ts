import { z } from "zod";

/** SPEC §7: answers are read as data.data with an errored flag; lists carry records and pagination. */
export interface Envelope<T> {
  data: T;
  errored: false;
}

export const paginationSchema = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  lastPage: z.number().int(),
  totalPages: z.number().int(),
  totalRecords: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** The answer of a paged list: a page of `item`s and where it lies (see `Paged`). */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ records: z.array(item), pagination: paginationSchema });
}

export interface Paged<T> {
  records: T[];
  pagination: Pagination;
}

export function makePagination(page: number, limit: number, total: number): Pagination {
  const lastPage = Math.max(1, Math.ceil(total / limit));
  return { page, perPage: limit, limit, total, lastPage, totalPages: lastPage, totalRecords: total };
}
