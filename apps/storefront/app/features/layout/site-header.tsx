import type { HeaderOptions, NavigationItem, UserView } from "@shop/contracts";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { useLocale, usePath, useT } from "../../ui/i18n.tsx";
import { Icon } from "../../ui/icons.tsx";
import { SmartLink } from "../../ui/smart-link.tsx";
import { CartLink } from "../cart/cart-link.tsx";
import { LanguagePicker } from "./language-picker.tsx";
import { Logo } from "./logo.tsx";
import { MainNav } from "./main-nav.tsx";

interface SiteHeaderProps {
  header: HeaderOptions | null;
  navigation: NavigationItem[];
  user: UserView | null;
  /** Items in the visitor's cart (0 without one). */
  cartCount: number;
}

/**
 * Logo, search and cart links, main navigation, account link and language picker. Under 1200 px the navigation moves
 * into a sidebar opened by the menu button; it closes on route change, Escape or a click outside.
 */
export function SiteHeader({ header, navigation, user, cartCount }: SiteHeaderProps) {
  const t = useT();
  const path = usePath();
  const locale = useLocale();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const sidebarId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const sidebarRef = useRef<HTMLDivElement>(null);

  // Closes on every navigation (location.key is the trigger, not an input).
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (sidebarRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointerDown);
    sidebarRef.current?.querySelector<HTMLElement>("a, button")?.focus();
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Logo image={header?.logo} className="site-header__logo" />
        {/* Outside the sidebar: on phones search and the cart stay one tap away. */}
        <Link to={path("search")} className="search-link" aria-label={t("search.title")}>
          <Icon name="search" size={24} />
        </Link>
        <CartLink count={cartCount} />
        <button
          ref={toggleRef}
          type="button"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls={sidebarId}
          onClick={() => setOpen((v) => !v)}
        >
          <Icon name={open ? "close" : "menu"} size={24} />
          <span className="nav-toggle__label">{t("nav.menu")}</span>
        </button>
        <div ref={sidebarRef} id={sidebarId} className={`site-sidebar${open ? " is-open" : ""}`}>
          <MainNav items={navigation} label={t("nav.main")} onNavigate={() => setOpen(false)} />
          <div className="header-tools">
            {header?.ctaLink ? (
              <SmartLink to={header.ctaLink.href} className="button button--small header-tools__cta">
                {header.ctaLink.label}
              </SmartLink>
            ) : null}
            {user ? (
              <div className="account-menu">
                <Link to={path("profile")} className="account-link">
                  <Icon name="user" size={18} />
                  <span className="account-link__text">
                    <span className="sr-only">{t("account.profile")}: </span>
                    {user.details.firstName || user.email}
                  </span>
                </Link>
                <Form method="post" action="/logout" className="account-menu__logout">
                  <input type="hidden" name="locale" value={locale} />
                  <button type="submit" className="link-button">
                    {t("account.logout")}
                  </button>
                </Form>
              </div>
            ) : (
              <Link to={path("login")} className="account-link">
                <Icon name="user" size={18} />
                <span className="account-link__text">{t("account.login")}</span>
              </Link>
            )}
            <LanguagePicker />
          </div>
        </div>
        {open ? <div className="site-sidebar__backdrop" aria-hidden="true" /> : null}
      </div>
    </header>
  );
}
