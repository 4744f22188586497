import { type CookieCategory, SYSTEM_ROUTES } from "@shop/contracts";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { useT } from "../../ui/i18n.tsx";
import { type ToastMessage, Toasts } from "../../ui/notice.tsx";
import { COOKIE_SETTINGS_ID, OPTIONAL_CATEGORIES, openCookieSettings, parseAcceptedCookies } from "./cookie-choice.ts";
import "../../styles/consents.css";

interface SavedChoice {
  accepted: string;
  withdrawn: CookieCategory[];
}

/**
 * The cookie settings (SPEC §3 acceptedCookies): necessary always on and not switchable,
 * analytics and marketing off until the visitor switches them on (CJEU C-673/17 Planet49), and
 * 'Only necessary' beside 'Accept all'. Opened by the banner and the footer's 'Postavke kolačića'
 * link; as a modal dialog with JavaScript, as a section shown by CSS (:target) without it.
 */
export function CookieSettingsDialog({ accepted }: { accepted: string | null }) {
  const t = useT();
  const location = useLocation();
  const fetcher = useFetcher<SavedChoice>();
  const dialog = useRef<HTMLDialogElement>(null);
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const allowed = parseAcceptedCookies(accepted);
  const busy = fetcher.state !== "idle";
  const here = `${location.pathname}${location.search}`;

  // A link to #cookie-settings from another page (or GET /cookies/settings) arrives with the dialog open.
  useEffect(() => {
    if (window.location.hash === `#${COOKIE_SETTINGS_ID}`) openCookieSettings();
  }, []);

  // Each answer is handled once (the effect also runs on later renders).
  const handled = useRef<SavedChoice | undefined>(undefined);
  const savedText = t("consents.cookies.saved");
  useEffect(() => {
    const saved = fetcher.data;
    if (fetcher.state !== "idle" || !saved || handled.current === saved) return;
    handled.current = saved;
    // Scripts that already run cannot be stopped: a withdrawal starts the page afresh without them.
    if (saved.withdrawn.length > 0) {
      window.location.replace(here);
      return;
    }
    dialog.current?.close();
    setToasts([{ id: `saved-${Date.now()}`, kind: "success", text: savedText }]);
  }, [fetcher.state, fetcher.data, here, savedText]);

  const describe = (category: CookieCategory) => `cookie-category-${category}-text`;
  const categories: { category: CookieCategory; label: string; text: string }[] = [
    { category: "necessary", label: t("consents.cookies.necessary"), text: t("consents.cookies.necessaryText") },
    ...OPTIONAL_CATEGORIES.map((category) => ({
      category,
      label: t(`consents.cookies.${category}`),
      text: t(`consents.cookies.${category}Text`),
    })),
  ];

  return (
    <>
      <Toasts messages={toasts} />
      <dialog id={COOKIE_SETTINGS_ID} ref={dialog} className="dialog-panel cookie-settings" aria-labelledby="cookie-settings-title">
        <div className="cookie-settings__head">
          <h2 id="cookie-settings-title">{t("consents.cookies.settingsTitle")}</h2>
          {/* With scripts: a button that closes the modal. Without: a link away from the :target that shows it. */}
          <button type="button" className="dialog-panel__close cookie-settings__close--js" onClick={() => dialog.current?.close()}>
            <span aria-hidden="true">×</span>
            <span className="sr-only">{t("consents.cookies.close")}</span>
          </button>
          <a href="#_" className="dialog-panel__close cookie-settings__close--nojs">
            <span aria-hidden="true">×</span>
            <span className="sr-only">{t("consents.cookies.close")}</span>
          </a>
        </div>
        <p className="cookie-settings__intro">{t("consents.cookies.settingsIntro")}</p>
        {/* Keyed by the stored choice, so the boxes show it again after every save. */}
        <fetcher.Form key={accepted ?? ""} method="post" action={SYSTEM_ROUTES.cookieSettings} className="cookie-settings__form">
          <input type="hidden" name="redirectTo" value={here} />
          <fieldset className="cookie-categories">
            <legend className="sr-only">{t("consents.cookies.title")}</legend>
            {categories.map(({ category, label, text }) => {
              const id = `cookie-category-${category}`;
              const necessary = category === "necessary";
              return (
                <div key={category} className="cookie-category">
                  <input
                    type="checkbox"
                    id={id}
                    name={necessary ? undefined : "category"}
                    value={category}
                    defaultChecked={necessary || (accepted !== null && allowed.has(category))}
                    disabled={necessary}
                    aria-describedby={describe(category)}
                  />
                  <label htmlFor={id} className="cookie-category__label">
                    {label}
                    {necessary ? <span className="cookie-category__note"> ({t("consents.cookies.alwaysOn")})</span> : null}
                  </label>
                  <p id={describe(category)} className="cookie-category__text">
                    {text}
                  </p>
                </div>
              );
            })}
          </fieldset>
          <div className="cookie-settings__actions">
            <button type="submit" name="categories" value="necessary" className="button button--ghost" aria-disabled={busy || undefined}>
              {t("consents.cookies.onlyNecessary")}
            </button>
            <button type="submit" name="categories" value="all" className="button button--ghost" aria-disabled={busy || undefined}>
              {t("consents.cookies.acceptAll")}
            </button>
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {t("consents.cookies.save")}
            </button>
          </div>
        </fetcher.Form>
      </dialog>
    </>
  );
}
