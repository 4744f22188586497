import type { Locale } from "@shop/contracts";
import { type RefObject, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useLocale, useT } from "../../ui/i18n.tsx";
import { CAPTCHA_CHALLENGE_PATH, type CaptchaConfig } from "./embedded-form.ts";

/** What a form asks its captcha for when it is sent. */
export interface CaptchaHandle {
  /** The answer to send (solving first if needed); null when there is none. */
  answer(): Promise<string | null>;
  /** After a submit the answer is spent: the next submit needs a new one. */
  reset(): void;
}

/** The ALTCHA web component as far as we drive it (see altcha's generic.d.ts). */
interface AltchaElement extends HTMLElement {
  getState(): string;
  verify(): Promise<{ payload: string } | null>;
  reset(): void;
}

/** ALTCHA ships its own texts for hr and de; en is built in. */
const ALTCHA_LANGUAGES: Record<Locale, () => Promise<unknown>> = {
  hr: () => import("altcha/i18n/hr"),
  de: () => import("altcha/i18n/de"),
  en: async () => undefined,
};

/** The widget's current answer: the one it holds, the one it is working on, or a fresh one. */
function altchaAnswer(widget: AltchaElement): Promise<string | null> {
  const state = widget.getState();
  if (state === "verified") {
    const field = widget.querySelector<HTMLInputElement>('input[name="altcha"]');
    if (field?.value) return Promise.resolve(field.value);
  }
  if (state !== "verifying") return widget.verify().then((result) => result?.payload ?? null);
  return new Promise((resolve) => {
    const onChange = (event: Event) => {
      const next = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      if (next.state === "verifying") return;
      widget.removeEventListener("statechange", onChange);
      resolve(next.state === "verified" ? (next.payload ?? null) : null);
    };
    widget.addEventListener("statechange", onChange);
  });
}

async function mountAltcha(container: HTMLElement, locale: Locale): Promise<AltchaElement> {
  // Client only: the widget module touches `window` as it loads.
  await import("altcha");
  await ALTCHA_LANGUAGES[locale]();
  const widget = document.createElement("altcha-widget") as unknown as AltchaElement;
  // Attributes, not configure(): the widget's methods exist only once it has loaded.
  widget.setAttribute("challenge", CAPTCHA_CHALLENGE_PATH);
  widget.setAttribute("language", locale);
  // Solving starts when the visitor begins to fill in the form, so it is usually done by the time they send it.
  widget.setAttribute("auto", "onfocus");
  widget.setAttribute("name", "altcha");
  widget.setAttribute("configuration", JSON.stringify({ hideFooter: true }));
  const loaded = new Promise((resolve) => widget.addEventListener("load", resolve, { once: true }));
  container.replaceChildren(widget);
  await loaded;
  return widget;
}

interface Grecaptcha {
  render(container: HTMLElement, options: Record<string, unknown>): number;
  execute(id: number): void;
  reset(id: number): void;
}

let recaptchaScript: Promise<Grecaptcha> | null = null;

/** Google's script, loaded once per page and only when a form needs it. */
function loadRecaptcha(locale: Locale): Promise<Grecaptcha> {
  recaptchaScript ??= new Promise((resolve, reject) => {
    const callback = "__shopRecaptchaLoaded";
    (window as unknown as Record<string, unknown>)[callback] = () => resolve((window as unknown as { grecaptcha: Grecaptcha }).grecaptcha);
    const script = document.createElement("script");
    script.src = `https://www.google.com/recaptcha/api.js?render=explicit&onload=${callback}&hl=${locale}`;
    script.async = true;
    script.onerror = () => {
      recaptchaScript = null;
      reject(new Error("captcha script failed to load"));
    };
    document.head.append(script);
  });
  return recaptchaScript;
}

/**
 * The anti-spam check of a public form (SPEC §5): ALTCHA's proof of work by default, reCAPTCHA v2
 * invisible when the platform is configured for it. Both need JavaScript; without it the visitor
 * is told so (the html element gets data-js as soon as scripts run, which hides the note).
 */
export function CaptchaField({ config, handle }: { config: CaptchaConfig; handle: RefObject<CaptchaHandle | null> }) {
  const t = useT();
  const locale = useLocale();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // The widget is set up again only when the captcha kind changes, not when the page data is reloaded.
  const siteKey = config.provider === "recaptcha" ? config.siteKey : null;
  const altcha = useRef<AltchaElement | null>(null);
  const recaptcha = useRef<{ api: Grecaptcha; id: number; resolve: ((token: string | null) => void) | null } | null>(null);

  useEffect(() => {
    const target = container.current;
    if (!target) return;
    let cancelled = false;
    const fail = (err: unknown) => {
      console.warn("[captcha] the widget could not be loaded", err);
      setFailed(true);
    };
    if (siteKey === null) {
      mountAltcha(target, locale).then((widget) => {
        if (cancelled) widget.remove();
        else altcha.current = widget;
      }, fail);
    } else {
      loadRecaptcha(locale).then((api) => {
        if (cancelled) return;
        const state: { api: Grecaptcha; id: number; resolve: ((token: string | null) => void) | null } = { api, id: 0, resolve: null };
        state.id = api.render(target, {
          sitekey: siteKey,
          size: "invisible",
          badge: "inline",
          callback: (token: string) => state.resolve?.(token),
          "error-callback": () => state.resolve?.(null),
          "expired-callback": () => api.reset(state.id),
        });
        recaptcha.current = state;
      }, fail);
    }
    return () => {
      cancelled = true;
      altcha.current?.remove();
      altcha.current = null;
      recaptcha.current = null;
    };
  }, [siteKey, locale]);

  useImperativeHandle(
    handle,
    () => ({
      async answer() {
        if (altcha.current) return altchaAnswer(altcha.current);
        const state = recaptcha.current;
        if (!state) return null;
        return new Promise<string | null>((resolve) => {
          state.resolve = resolve;
          state.api.execute(state.id);
        });
      },
      reset() {
        altcha.current?.reset();
        if (recaptcha.current) recaptcha.current.api.reset(recaptcha.current.id);
      },
    }),
    [],
  );

  return (
    <div className="captcha">
      <p className="captcha__nojs notice notice--info">{t("forms.captcha.needsJs")}</p>
      {failed ? (
        <p className="field__error" role="alert">
          {t("forms.captcha.loadFailed")}
        </p>
      ) : null}
      <div ref={container} className="captcha__widget" />
    </div>
  );
}
