import { z } from "zod";
import { V } from "../validation-messages.ts";

export const commonsQuery = z.object({
  type: z.enum(["languages", "countries"]),
  language: z.string().max(3).optional(),
});

export const domainDetectBody = z.object({ domain: z.string().max(253).optional() }).default({});

export const optionFilterQuery = z.object({
  key: z.string().max(64).optional(),
  autoResizeOnly: z.enum(["true", "false"]).optional(),
});

const OPTION_KEY = /^[A-Za-z][A-Za-z0-9]{1,63}$/;
export const optionKeyParams = z.object({ key: z.string().regex(OPTION_KEY) });
export const optionValueBody = z.object({ value: z.string().max(10_000) });

/** Several CMS options saved together (one form of the settings page): all or none. */
export const optionsBody = z.object({
  options: z
    .record(z.string().regex(OPTION_KEY), z.string().max(10_000, { error: V.maxLength }))
    .refine((o) => Object.keys(o).length > 0 && Object.keys(o).length <= 50, { error: V.invalid }),
});
export type OptionsBody = z.infer<typeof optionsBody>;

/** A maintenance page's own words in one language: plain text, shown under its heading. */
const maintenanceText = () => z.string().trim().max(1000, { error: V.maxLength });

/**
 * Maintenance mode on or off. Beyond the spec: an optional message per language for the
 * maintenance page (an empty one falls back to Croatian, then to the page's standard text);
 * left out, the message stays as it was.
 */
export const maintenanceBody = z.object({
  enabled: z.boolean(),
  message: z.object({ hr: maintenanceText(), en: maintenanceText(), de: maintenanceText() }).partial().optional(),
});
export type MaintenanceBody = z.infer<typeof maintenanceBody>;

/** The CMS option holding the maintenance page's message: JSON of the language codes to their text. */
export const MAINTENANCE_MESSAGE_OPTION = "MaintenanceMessage";

/** The maintenance message in a language as stored (anything unreadable is no message). */
export function maintenanceMessages(value: string | undefined): Partial<Record<"hr" | "en" | "de", string>> {
  if (!value) return {};
  try {
    const parsed = maintenanceBody.shape.message.safeParse(JSON.parse(value));
    return parsed.success ? (parsed.data ?? {}) : {};
  } catch {
    return {};
  }
}

/** Options that switch something on or off: anything but "true" or "false" is refused rather than read as off. */
export const SWITCH_OPTIONS = [
  "SkipShippingStep",
  "MaintenanceMode",
  "RequireAdminPublishing",
  "RequireRatingForComment",
  "RequireCommentForRating",
  "RequireRatingForCommentOnSite",
  "RequireCommentForRatingOnSite",
  "OneUserOneComment",
  "UserCanEditComment",
  "AnonymousCanMultipleReview",
  "AnonymousChat",
] as const;

const SWITCHES = new Set<string>(SWITCH_OPTIONS);

/** What an option's value must look like, where the option has a form (an empty text switches a text option off). */
const OPTION_VALUES: Record<string, z.ZodType<string>> = {
  ContactEmail: z.union([z.literal(""), z.email({ error: V.email }).max(254, { error: V.maxLength })]),
  GoogleAnalyticsId: z.string().regex(/^(G-[A-Z0-9]{4,20})?$/, { error: V.invalid }),
  GoogleTagManagerId: z.string().regex(/^(GTM-[A-Z0-9]{4,12})?$/, { error: V.invalid }),
  // Ratings are 1..10 (the review schema's bound).
  NumberOfStars: z.string().regex(/^(10|[1-9])$/, { error: V.invalid }),
};

/** The refusal of an option's value as a message key, or null when it may be saved. */
export function optionValueProblem(key: string, value: string): string | null {
  if (SWITCHES.has(key)) return value === "true" || value === "false" ? null : V.invalid;
  const rule = OPTION_VALUES[key];
  if (!rule) return null;
  const parsed = rule.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? V.invalid);
}
