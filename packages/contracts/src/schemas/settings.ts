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

export const maintenanceBody = z.object({ enabled: z.boolean() });

export const languageView = z.object({
  id: z.number().int(),
  code: z.string(),
  code2: z.string(),
  name: z.string(),
  name_hrv: z.string(),
  name_eng: z.string(),
  name_ger: z.string(),
  name_srp: z.string(),
});
export const countryView = z.object({ id: z.number().int(), iso: z.string(), code: z.string(), name: z.string() });
export type CountryView = z.infer<typeof countryView>;
