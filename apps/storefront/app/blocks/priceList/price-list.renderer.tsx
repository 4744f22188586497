import { formatPrice } from "@shop/i18n";
import { useLocale } from "../../ui/i18n.tsx";
import { Heading } from "../block-image.tsx";
import type { BlockProps } from "../block-props.ts";

export function PriceListBlock({ data, headingLevel, anchor }: BlockProps<"priceList">) {
  const locale = useLocale();
  return (
    <section id={anchor} className="block price-list container container--narrow">
      <Heading level={headingLevel}>{data.title}</Heading>
      <ul className="price-list__items">
        {data.items.map((item) => (
          <li key={item.name} className="price-list__item">
            <div className="price-list__info">
              <h3 className="price-list__name">{item.name}</h3>
              {item.description ? <p className="price-list__description">{item.description}</p> : null}
              {item.duration ? <p className="price-list__duration">{item.duration}</p> : null}
            </div>
            <p className="price-list__price">{formatPrice(locale, item.price)}</p>
          </li>
        ))}
      </ul>
      {data.note ? <p className="price-list__note">{data.note}</p> : null}
    </section>
  );
}
