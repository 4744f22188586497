import { type FooterOptions, localizedPath, type NavigationHandle, type NavigationItem } from "@shop/contracts";
import { useId } from "react";
import { useLocale, useT } from "../../ui/i18n.tsx";
import { Icon } from "../../ui/icons.tsx";
import { SmartLink } from "../../ui/smart-link.tsx";
import { NewsletterSignup } from "../cms-forms/newsletter-signup.tsx";
import { CookieSettingsLink } from "../consents/cookie-settings-link.tsx";
import { Logo } from "./logo.tsx";

const EU_PROJECT_SLUG = "eu-projekt";
const FOOTER_NAVS = ["footer1", "footer2", "footer3", "footer4"] as const satisfies readonly NavigationHandle[];

interface SiteFooterProps {
  footer: FooterOptions | null;
  navigation: Record<NavigationHandle, NavigationItem[]>;
  /** The CMS option CopyrightText, used when the footer element has none. */
  copyrightOption?: string;
  year: number;
}

/**
 * SPEC §1/§2: logo, description, icon+text items (address, phone, e-mail), opening hours, the EU
 * co-financing notice, two editable links, the footer1–4 navigation columns and the copyright.
 */
export function SiteFooter({ footer, navigation, copyrightOption, year }: SiteFooterProps) {
  const t = useT();
  const locale = useLocale();
  const copyright = (footer?.copyright || copyrightOption || t("footer.copyright")).replaceAll("{year}", String(year));
  const euNotice = footer?.euNotice ?? {
    text: t("footer.euNotice"),
    link: { label: t("footer.euNoticeLink"), href: localizedPath("content", locale, { slug: EU_PROJECT_SLUG }) },
  };
  const columns = FOOTER_NAVS.map((handle) => ({ handle, items: navigation[handle] })).filter((c) => c.items.length > 0);
  const contactItems = footer?.items.filter((item) => item.icon !== "clock") ?? [];
  const hoursNote = footer?.items.find((item) => item.icon === "clock");

  return (
    <footer className="site-footer">
      <div className="container site-footer__main">
        <section className="footer-brand" aria-label={t("footer.about")}>
          <Logo image={footer?.logo} className="logo--footer" />
          {footer?.description ? <p className="footer-brand__text">{footer.description}</p> : null}
        </section>

        {contactItems.length > 0 ? (
          <section className="footer-block" aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="footer-block__title">
              {t("footer.contact")}
            </h2>
            <ul className="icon-list">
              {contactItems.map((item) => (
                <li key={`${item.icon}-${item.text}`}>
                  <Icon name={item.icon} size={20} className="icon-list__icon" />
                  <ContactText icon={item.icon} text={item.text} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {footer && footer.openingHours.length > 0 ? (
          <section className="footer-block" aria-labelledby="footer-hours">
            <h2 id="footer-hours" className="footer-block__title">
              {t("footer.openingHours")}
            </h2>
            <dl className="hours">
              {footer.openingHours.map((row) => (
                <div key={row.days} className="hours__row">
                  <dt>{row.days}</dt>
                  <dd>{row.time}</dd>
                </div>
              ))}
            </dl>
            {hoursNote ? <p className="footer-block__note">{hoursNote.text}</p> : null}
          </section>
        ) : null}
        <NewsletterSignup />
      </div>

      {columns.length > 0 ? (
        <div className="container site-footer__columns">
          {columns.map((column, i) => (
            <FooterColumn key={column.handle} items={column.items} fallbackLabel={t("footer.column", { n: i + 1 })} />
          ))}
        </div>
      ) : null}

      <div className="container">
        <aside className="eu-notice" aria-label={t("footer.euLabel")}>
          {euNotice.image?.src ? (
            <img src={euNotice.image.src} alt={euNotice.image.alt} width={euNotice.image.width} height={euNotice.image.height} />
          ) : (
            <EuFlag />
          )}
          <p>
            {euNotice.text}{" "}
            <SmartLink to={euNotice.link.href} className="eu-notice__link">
              {euNotice.link.label}
            </SmartLink>
          </p>
        </aside>
      </div>

      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p className="copyright">{copyright}</p>
          <ul className="footer-links">
            {footer?.links.map((link) => (
              <li key={link.href}>
                <SmartLink to={link.href}>{link.label}</SmartLink>
              </li>
            ))}
            {/* Always here, so a cookie choice can be changed or withdrawn from any page (GDPR Art. 7(3)). */}
            <li>
              <CookieSettingsLink>{t("consents.cookies.settingsLink")}</CookieSettingsLink>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

function ContactText({ icon, text }: { icon: string; text: string }) {
  if (icon === "phone") return <a href={`tel:${text.replace(/[^\d+]/g, "")}`}>{text}</a>;
  if (icon === "email" && text.includes("@")) return <a href={`mailto:${text}`}>{text}</a>;
  return <span>{text}</span>;
}

function FooterColumn({ items, fallbackLabel }: { items: NavigationItem[]; fallbackLabel: string }) {
  const headingId = useId();
  const first = items[0];
  const grouped = items.length === 1 && first !== undefined && first.children.length > 0;
  const links = grouped ? first.children : items;
  return (
    <nav className="footer-nav" aria-labelledby={grouped ? headingId : undefined} aria-label={grouped ? undefined : fallbackLabel}>
      {grouped ? (
        <h2 id={headingId} className="footer-block__title">
          {first.type === "link" && first.url ? <SmartLink to={first.url}>{first.title}</SmartLink> : first.title}
        </h2>
      ) : null}
      <ul>
        {links
          .flatMap((item) => [item, ...item.children])
          .map((item) => (
            <li key={item.id}>
              {item.type === "link" && item.url ? <SmartLink to={item.url}>{item.title}</SmartLink> : <span>{item.title}</span>}
            </li>
          ))}
      </ul>
    </nav>
  );
}

function EuFlag() {
  const stars = Array.from({ length: 12 }, (_, i) => {
    const angle = (i * Math.PI) / 6;
    return { x: 30 + 12 * Math.sin(angle), y: 20 - 12 * Math.cos(angle) };
  });
  return (
    <svg className="eu-notice__flag" viewBox="0 0 60 40" width="60" height="40" aria-hidden="true" focusable="false">
      <rect width="60" height="40" fill="#003399" />
      {stars.map((s) => (
        <circle key={`${s.x.toFixed(2)}-${s.y.toFixed(2)}`} cx={s.x} cy={s.y} r="1.6" fill="#ffcc00" />
      ))}
    </svg>
  );
}
