import { ResponsiveImage } from "../../ui/responsive-image.tsx";
import { SmartLink } from "../../ui/smart-link.tsx";
import type { BlockProps } from "../block-props.ts";

/** The emblem is 140 px wide on phones and 60 px beside the text (styles.css .eu-notice img). */
const EMBLEM_SIZES = "(max-width: 599px) 140px, 60px";

export function EuNoticeBlock({ data, anchor }: BlockProps<"euNotice">) {
  return (
    <section id={anchor} className="block container">
      <div className="eu-notice eu-notice--block">
        {data.image?.src ? <ResponsiveImage image={data.image} sizes={EMBLEM_SIZES} /> : null}
        <p>
          {data.text}{" "}
          <SmartLink to={data.link.href} className="eu-notice__link">
            {data.link.label}
          </SmartLink>
        </p>
      </div>
    </section>
  );
}
