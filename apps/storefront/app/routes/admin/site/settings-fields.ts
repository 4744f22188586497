import { COMMENT_POLICY_REGISTERED } from "@shop/contracts";

/** The CMS options the settings page edits (SPEC §3 CMS option's known keys and what the seed sets), by form. */

export type OptionKind = "text" | "textarea" | "email" | "tel" | "number" | "switch" | "logo";

export interface OptionField {
  key: string;
  kind: OptionKind;
  /** A switch's stored values when ticked and when not; "true" and "false" unless the option has words of its own. */
  on?: string;
  off?: string;
}

const onOf = (f: OptionField) => f.on ?? "true";
const offOf = (f: OptionField) => f.off ?? "false";

/** Whether a switch's stored value reads as ticked. */
export const isOn = (f: OptionField, value: string) => value === onOf(f);

export interface OptionGroup {
  key: string;
  fields: readonly OptionField[];
}

export const OPTION_GROUPS: readonly OptionGroup[] = [
  {
    key: "identity",
    fields: [
      { key: "Logo", kind: "logo" },
      { key: "SiteDescription", kind: "textarea" },
      { key: "CopyrightText", kind: "text" },
    ],
  },
  {
    key: "contact",
    fields: [
      { key: "ContactAddress", kind: "text" },
      { key: "ContactPhone", kind: "tel" },
      { key: "ContactEmail", kind: "email" },
      { key: "OpeningHours", kind: "textarea" },
    ],
  },
  {
    key: "moderation",
    fields: [
      { key: "RequireAdminPublishing", kind: "switch" },
      // SPEC §3: RegisteredUsers opens the blog's comments to logged-in users; anything else keeps them closed.
      { key: "CanCommentOnBlog", kind: "switch", on: COMMENT_POLICY_REGISTERED, off: "" },
      { key: "OneUserOneComment", kind: "switch" },
      { key: "UserCanEditComment", kind: "switch" },
      { key: "RequireRatingForComment", kind: "switch" },
      { key: "RequireCommentForRating", kind: "switch" },
      { key: "AnonymousCanMultipleReview", kind: "switch" },
      { key: "NumberOfStars", kind: "number" },
    ],
  },
  { key: "cookies", fields: [{ key: "CookieNotice", kind: "textarea" }] },
  {
    key: "analytics",
    fields: [
      { key: "GoogleAnalyticsId", kind: "text" },
      { key: "GoogleTagManagerId", kind: "text" },
    ],
  },
];

export function groupOf(key: string): OptionGroup | undefined {
  return OPTION_GROUPS.find((g) => g.key === key);
}

/** A group's values as the form sent them: a switch is its on value when ticked, its off value when not (an unticked box sends nothing). */
export function groupValues(group: OptionGroup, read: (name: string) => string | null): Record<string, string> {
  return Object.fromEntries(
    group.fields.map((f) => [f.key, f.kind === "switch" ? (read(f.key) === "on" ? onOf(f) : offOf(f)) : (read(f.key) ?? "").trim()]),
  );
}
