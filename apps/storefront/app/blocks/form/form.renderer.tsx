import { useMatches } from "react-router";
import { CmsForm } from "../../features/cms-forms/cms-form.tsx";
import type { PageForms } from "../../features/cms-forms/embedded-form.ts";
import type { BlockProps } from "../block-props.ts";

/** The form definitions a page loader returned under `forms` (see loadPageForms). */
function usePageForms(): PageForms {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData as { forms?: PageForms } | undefined;
    if (data?.forms) return data.forms;
  }
  return {};
}

/**
 * An embedded form (the `form` template). The page loader brings its definition, consents and
 * captcha kind (a block cannot load data while rendering), so the form is in the server-rendered
 * page; a form that is unknown or not published leaves nothing behind.
 */
export function FormBlock({ data, headingLevel, anchor }: BlockProps<"form">) {
  const embedded = usePageForms()[String(data.form)];
  if (!embedded) return null;
  return <CmsForm embedded={embedded} title={data.title} headingLevel={headingLevel} anchor={anchor} />;
}
