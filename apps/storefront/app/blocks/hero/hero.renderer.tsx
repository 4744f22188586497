import { SmartLink } from "../../ui/smart-link.tsx";
import { BlockImage, Heading } from "../block-image.tsx";
import type { BlockProps } from "../block-props.ts";

export function HeroBlock({ data, headingLevel, anchor, priority }: BlockProps<"hero">) {
  return (
    <section id={anchor} className={`block hero${data.image ? " hero--image" : ""}`}>
      {data.image ? <BlockImage image={data.image} priority={priority} className="hero__image" /> : null}
      <div className="hero__content container">
        <Heading level={headingLevel} className="hero__title">
          {data.title}
        </Heading>
        {data.text ? <p className="hero__text">{data.text}</p> : null}
        {data.cta ? (
          <SmartLink to={data.cta.href} className="button button--large hero__cta">
            {data.cta.label}
          </SmartLink>
        ) : null}
      </div>
    </section>
  );
}
