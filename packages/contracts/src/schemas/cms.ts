import { z } from "zod";

export const elementHandlers = ["header-section", "footer-section", "cookie-section"] as const;
export const getByHandlersBody = z.object({
  handlers: z.array(z.enum(elementHandlers)).min(1).max(10),
  variant: z.enum(["default", "carwash"]).default("default"),
});

export const navigationHandles = ["main", "footer1", "footer2", "footer3", "footer4"] as const;
export type NavigationHandle = (typeof navigationHandles)[number];
export const navigationTreeParams = z.object({ id: z.enum(navigationHandles) });

export interface NavigationItem {
  id: number;
  title: string;
  type: "link" | "linkless";
  url: string | null;
  external: boolean;
  children: NavigationItem[];
}

export const finderDecideQuery = z.object({
  slug: z
    .string()
    .max(200)
    .regex(/^[\p{L}\p{N}_-]*$/u)
    .default(""),
});

export interface PageComponent {
  id: number;
  template: string;
  data: Record<string, unknown>;
}

export interface PageView {
  id: number;
  slug: string;
  title: string;
  language: string;
  components: PageComponent[];
  translations: Record<string, string>;
}

export interface ElementView {
  id: number;
  handler: string;
  title: string;
  type: string;
  slug: string;
  language_code: string;
  options: Record<string, unknown>;
  meta: Record<string, unknown>;
  created_at: string;
}
