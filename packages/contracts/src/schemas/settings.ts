import { z } from "zod";

export const commonsQuery = z.object({
  type: z.enum(["languages", "countries"]),
  language: z.string().max(3).optional(),
});

export const domainDetectBody = z.object({ domain: z.string().max(253).optional() }).default({});

export const optionFilterQuery = z.object({
  key: z.string().max(64).optional(),
  autoResizeOnly: z.enum(["true", "false"]).optional(),
});

export const optionKeyParams = z.object({ key: z.string().regex(/^[A-Za-z][A-Za-z0-9]{1,63}$/) });
export const optionValueBody = z.object({ value: z.string().max(10_000) });

export const maintenanceBody = z.object({ enabled: z.boolean() });
