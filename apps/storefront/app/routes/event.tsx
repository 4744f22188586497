import { isLocale, type Locale, localeFromPath, localizedPath } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, Link } from "react-router";
import { sanitizeHtml } from "../blocks/sanitize-html.ts";
import { shopContext } from "../context.ts";
import { NotFoundPage } from "../features/errors/not-found-page.tsx";
import { failurePage, isMissing } from "../features/errors/platform-failure.ts";
import { formatEventRange } from "../features/events/event-dates.ts";
import { platformFor } from "../platform.server.ts";
import { usePath, useT } from "../ui/i18n.tsx";
import { JsonLd } from "../ui/json-ld.tsx";
import type { Route } from "./+types/event";
import "../styles/events.css";

const ID = /^[1-9]\d{0,9}$/;

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function summary(html: string): string {
  const text = plainText(html);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const notFound = () => data({ event: null, when: "", ended: false, alternates: {}, publicUrl: "" }, { status: 404 });
  // Anything but a plain positive id is an unknown page, not a bad request.
  if (!ID.test(params.id)) return notFound();
  const result = await platformFor(context, request, locale).callPublic(api.events.getEvent, { query: { id: params.id } });
  if (!result.ok) {
    if (isMissing(result)) return notFound();
    throw failurePage(result, translator(locale));
  }
  const event = result.data;
  const alternates: Partial<Record<Locale, string>> = {};
  for (const lang of Object.keys(event.translations)) {
    if (isLocale(lang)) alternates[lang] = localizedPath("event", lang, { id: event.id });
  }
  return {
    event,
    // Formatted on the server only: the browser's Intl data may write a date slightly differently.
    when: formatEventRange(locale, event.startsAt, event.endsAt),
    ended: Date.parse(event.endsAt) < Date.now(),
    alternates,
    publicUrl: context.get(shopContext).publicUrl,
  };
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const path = usePath();
  const { event, when, ended, publicUrl } = loaderData;
  if (!event) return <NotFoundPage />;
  const description = summary(event.description);
  const absolute = (src: string) => (src.startsWith("/") ? `${publicUrl}${src}` : src);
  return (
    <article className="event-page container" aria-labelledby="event-title">
      <title>{event.title}</title>
      {description ? <meta name="description" content={description} /> : null}
      <JsonLd
        data={{
          "@type": "Event",
          name: event.title,
          startDate: event.startsAt,
          endDate: event.endsAt,
          eventStatus: "https://schema.org/EventScheduled",
          eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
          url: `${publicUrl}${path("event", { id: event.id })}`,
          ...(description ? { description } : {}),
          ...(event.image ? { image: [absolute(event.image.src)] } : {}),
          location: {
            "@type": "Place",
            name: event.location.name,
            ...(event.location.address ? { address: event.location.address } : {}),
          },
        }}
      />
      <p className="event-page__back">
        <Link to={path("content")}>
          <span aria-hidden="true">←</span>
          {t("event.back")}
        </Link>
      </p>
      <header className="event-page__header">
        <p className="event-page__eyebrow">{t("event.eyebrow")}</p>
        <h1 id="event-title">{event.title}</h1>
      </header>
      <div className="event-page__layout">
        <div className="event-facts">
          <dl className="event-facts__list">
            <div className="event-facts__item">
              <dt>{t("event.when")}</dt>
              <dd>
                <time dateTime={event.startsAt}>{when}</time>
              </dd>
            </div>
            <div className="event-facts__item">
              <dt>{t("event.where")}</dt>
              <dd>
                <span className="event-facts__place">{event.location.name}</span>
                {event.location.address ? <address className="event-facts__address">{event.location.address}</address> : null}
              </dd>
            </div>
          </dl>
          {ended ? <p className="event-facts__ended">{t("event.ended")}</p> : null}
        </div>
        {event.image ? (
          <figure className="event-page__figure">
            <img
              src={event.image.src}
              alt={event.image.alt}
              width={event.image.width}
              height={event.image.height}
              loading="eager"
              fetchPriority="high"
              decoding="async"
            />
          </figure>
        ) : null}
      </div>
      {event.description ? (
        // Sanitised by the platform when stored; sanitised again here, as every stored HTML is.
        <div className="event-page__description prose" dangerouslySetInnerHTML={{ __html: sanitizeHtml(event.description) }} />
      ) : null}
    </article>
  );
}
