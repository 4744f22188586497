import { Heading } from "../block-image.tsx";
import type { BlockProps } from "../block-props.ts";
import { sanitizeHtml } from "../sanitize-html.ts";

export function RichTextBlock({ data, headingLevel, anchor }: BlockProps<"richText">) {
  return (
    <section id={anchor} className="block rich-text container container--narrow">
      {data.title ? <Heading level={headingLevel}>{data.title}</Heading> : null}
      <div className="prose" dangerouslySetInnerHTML={{ __html: sanitizeHtml(data.html) }} />
    </section>
  );
}
