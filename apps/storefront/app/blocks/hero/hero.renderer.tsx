import { ResponsiveImage } from "../../ui/responsive-image.tsx";
import { SmartLink } from "../../ui/smart-link.tsx";
import { Heading } from "../block-image.tsx";
import type { BlockProps } from "../block-props.ts";

/**
 * The image covers the whole hero (object-fit: cover), whose height follows its text: on a phone it
 * is cropped from a picture about three screens wide, on a tablet about one and a half.
 */
const HERO_SIZES = "(max-width: 599px) 300vw, (max-width: 1023px) 160vw, 100vw";

export function HeroBlock({ data, headingLevel, anchor, priority }: BlockProps<"hero">) {
  return (
    <section id={anchor} className={`block hero${data.image ? " hero--image" : ""}`}>
      {data.image ? <ResponsiveImage image={data.image} sizes={HERO_SIZES} priority={priority} className="hero__image" /> : null}
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
