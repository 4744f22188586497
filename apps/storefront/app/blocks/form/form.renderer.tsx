import { CmsForm } from "../../features/cms-forms/cms-form.tsx";
import type { BlockProps } from "../block-props.ts";

/**
 * An embedded form (the `form` template). Its definition, consents and captcha kind come from its
 * loader (registry.server.ts), so the form is in the server-rendered page; a form that is unknown
 * or not published leaves nothing behind.
 */
export function FormBlock({ data, loaded, headingLevel, anchor }: BlockProps<"form">) {
  if (!loaded) return null;
  return <CmsForm embedded={loaded} title={data.title} headingLevel={headingLevel} anchor={anchor} />;
}
