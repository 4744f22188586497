import { Icon } from "../../ui/icons.tsx";
import { Heading } from "../block-image.tsx";
import type { BlockProps } from "../block-props.ts";

export function LocationsBlock({ data, headingLevel, anchor }: BlockProps<"locations">) {
  return (
    <section id={anchor} className="block locations container">
      <Heading level={headingLevel}>{data.title}</Heading>
      <ul className="locations__grid">
        {data.items.map((place) => (
          <li key={place.name} className="card location">
            <h3 className="location__name">{place.name}</h3>
            <ul className="icon-list">
              <li>
                <Icon name="address" className="icon-list__icon" />
                <span>{place.address}</span>
              </li>
              <li>
                <Icon name="phone" className="icon-list__icon" />
                <a href={`tel:${place.phone.replace(/[^\d+]/g, "")}`}>{place.phone}</a>
              </li>
              {place.email ? (
                <li>
                  <Icon name="email" className="icon-list__icon" />
                  <a href={`mailto:${place.email}`}>{place.email}</a>
                </li>
              ) : null}
            </ul>
            {place.hours.length > 0 ? (
              <dl className="hours">
                {place.hours.map((row) => (
                  <div key={row.days} className="hours__row">
                    <dt>{row.days}</dt>
                    <dd>{row.time}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
