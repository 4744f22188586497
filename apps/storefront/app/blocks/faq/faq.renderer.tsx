import { Heading } from "../block-image.tsx";
import type { BlockProps } from "../block-props.ts";

/** Native disclosure widgets: keyboard operable and working without JavaScript. */
export function FaqBlock({ data, headingLevel, anchor }: BlockProps<"faq">) {
  return (
    <section id={anchor} className="block faq container container--narrow">
      <Heading level={headingLevel}>{data.title}</Heading>
      <div className="faq__list">
        {data.items.map((item) => (
          <details key={item.question} className="faq__item">
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
