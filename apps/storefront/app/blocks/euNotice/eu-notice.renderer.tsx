import { SmartLink } from "../../ui/smart-link.tsx";
import { BlockImage } from "../block-image.tsx";
import type { BlockProps } from "../block-props.ts";

export function EuNoticeBlock({ data, anchor }: BlockProps<"euNotice">) {
  return (
    <section id={anchor} className="block container">
      <div className="eu-notice eu-notice--block">
        {data.image?.src ? <BlockImage image={data.image} /> : null}
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
