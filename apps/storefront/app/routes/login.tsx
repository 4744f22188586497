import { COOKIE, localeFromPath, localizedPath, loginBody, SYSTEM_ROUTES, type UserView } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { type FormEvent, useRef } from "react";
import { data, Form, Link, redirect, useSearchParams, useSubmit } from "react-router";
import { readCookie } from "../cookies.server.ts";
import { AuthPage, type PageNotice } from "../features/account/auth-page.tsx";
import { redirectTarget } from "../features/account/guards.server.ts";
import { tokenCookies } from "../features/account/session.server.ts";
import { flashCookie, sessionOf } from "../features/account/session-context.server.ts";
import { loadSocialProviders } from "../features/account/social-login.server.ts";
import { SocialLoginButtons } from "../features/account/social-login-buttons.tsx";
import { CaptchaField, type CaptchaHandle } from "../features/cms-forms/captcha-field.tsx";
import { loadCaptchaConfig } from "../features/cms-forms/cms-forms.server.ts";
import type { CaptchaConfig } from "../features/cms-forms/embedded-form.ts";
import { failureStatus, failureText } from "../features/errors/platform-failure.ts";
import { type FieldErrors, fieldErrors, formText, readForm } from "../features/forms/form-values.ts";
import { useFormValidation } from "../features/forms/use-form-validation.ts";
import { platformFor } from "../platform.server.ts";
import { Field } from "../ui/field.tsx";
import { usePath, useT } from "../ui/i18n.tsx";
import { Notice } from "../ui/notice.tsx";
import type { Route } from "./+types/login";
import "../styles/forms.css";

const FIELDS = ["username", "password"] as const;
const EMAIL_CHANGED = "core.notifications.emailChanged";

/** The staff login, asked for as a page or (a form sent by the router) as its data. */
function isAdminLogin(request: Request): boolean {
  return new URL(request.url).pathname.replace(/\.data$/, "") === SYSTEM_ROUTES.adminLogin;
}

function homeFor(request: Request, user: UserView): string {
  const locale = localeFromPath(new URL(request.url).pathname);
  return isAdminLogin(request) && user.isBackofficeUser ? SYSTEM_ROUTES.admin : localizedPath("content", locale);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const t = translator(locale);
  const session = await sessionOf(context);
  const notices: PageNotice[] = [];
  // The link of an e-mail change, for a guest or the logged-in user alike; this browser's session is kept.
  const emailToken = url.searchParams.get("emailToken");
  if (emailToken) {
    const changed = await platformFor(context, request, locale).call(api.user.confirmEmailChange, {
      params: { token: emailToken },
      headers: { refreshToken: readCookie(request, COOKIE.refreshToken) },
    });
    if (changed.ok && session.user) {
      throw redirect(localizedPath("profile", locale), { headers: { "Set-Cookie": flashCookie(context, EMAIL_CHANGED) } });
    }
    notices.push(changed.ok ? { kind: "success", text: t(EMAIL_CHANGED) } : { kind: "error", text: failureText(changed, t) });
  }
  // Guest-only (SPEC §4): a logged-in visitor goes home.
  if (session.user) throw redirect(homeFor(request, session.user));

  const token = url.searchParams.get("verificationToken");
  if (token) {
    const verified = await platformFor(context, request, locale).call(api.user.verifyEmail, { params: { token } });
    notices.push(
      verified.ok ? { kind: "success", text: t("core.notifications.emailConfirmed") } : { kind: "error", text: failureText(verified, t) },
    );
  }
  if (url.searchParams.get("registered") === "1") notices.push({ kind: "success", text: t("auth.register.success") });
  if (url.searchParams.get("passwordSet") === "1") notices.push({ kind: "success", text: t("auth.reset.success") });
  // The admin's login is for staff accounts with passwords: no social buttons there.
  const socialProviders = isAdminLogin(request) ? [] : await loadSocialProviders(context, platformFor(context, request, locale));
  return { notices, socialProviders, admin: isAdminLogin(request) };
}

interface LoginActionData {
  fieldErrors: FieldErrors;
  formError: string | null;
  username: string;
  /** The account had too many failed logins: the next try needs a solved captcha (answer CAPTCHA_REQUIRED). */
  captcha?: CaptchaConfig;
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  const form = await request.formData();
  const values = readForm(form, FIELDS);
  const username = formText(form, "username");
  const parsed = loginBody.safeParse(values);
  if (!parsed.success) {
    return data<LoginActionData>({ fieldErrors: fieldErrors(parsed.error.issues, t), formError: null, username }, { status: 400 });
  }
  const platform = platformFor(context, request, locale);
  const captcha = formText(form, "captcha");
  const result = await platform.call(api.auth.login, {
    body: { username: parsed.data.username, password: parsed.data.password, ...(captcha ? { captcha } : {}) },
  });
  if (!result.ok) {
    const needsCaptcha = result.error.code === "CAPTCHA_REQUIRED";
    return data<LoginActionData>(
      {
        fieldErrors: {},
        formError: failureText(result, t),
        username,
        ...(needsCaptcha ? { captcha: await loadCaptchaConfig(platform) } : {}),
      },
      { status: failureStatus(result) },
    );
  }
  const headers = new Headers();
  for (const cookie of tokenCookies(context, result.data.tokens)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie(context, "core.login.success"));
  const requested = formText(form, "redirect");
  const target = requested ? redirectTarget(requested, locale) : homeFor(request, result.data.user);
  throw redirect(target, { headers });
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const path = usePath();
  const [search] = useSearchParams();
  const validation = useFormValidation({ schema: loginBody, fields: FIELDS, serverErrors: actionData?.fieldErrors });
  const errors = validation.errors;
  const captcha = actionData?.captcha;
  const captchaRef = useRef<CaptchaHandle>(null);
  const submit = useSubmit();
  // With the captcha shown, the form goes once the widget has its answer (in the hidden field captcha).
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    validation.onSubmit(event);
    if (!captcha || event.defaultPrevented) return;
    event.preventDefault();
    const form = event.currentTarget;
    const answer = await captchaRef.current?.answer().catch(() => null);
    captchaRef.current?.reset();
    if (!answer) return;
    const values = new FormData(form);
    values.set("captcha", answer);
    submit(values, { method: "post" });
  };
  return (
    <AuthPage
      title={loaderData.admin ? t("admin.login.title") : t("auth.login.title")}
      lead={loaderData.admin ? t("admin.login.intro") : t("auth.login.lead")}
      notices={loaderData.notices}
      aside={
        <p>
          {t("auth.login.noAccount")} <Link to={path("register")}>{t("auth.login.registerLink")}</Link>
        </p>
      }
    >
      {actionData?.formError ? <Notice kind="error">{actionData.formError}</Notice> : null}
      <Form method="post" noValidate className="form" ref={validation.formRef} onSubmit={onSubmit}>
        <input type="hidden" name="redirect" value={search.get("redirect") ?? ""} />
        <Field
          name="username"
          label={t("auth.field.email")}
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          defaultValue={actionData?.username}
          error={errors.username}
        />
        <Field
          name="password"
          label={t("auth.field.password")}
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        {captcha ? <CaptchaField config={captcha} handle={captchaRef} /> : null}
        <p className="form__aside">
          <Link to={path("forgotPassword")}>{t("auth.login.forgot")}</Link>
        </p>
        <button type="submit" className="button button--block" aria-disabled={validation.busy || undefined}>
          {t("auth.login.submit")}
        </button>
      </Form>
      <SocialLoginButtons providers={loaderData.socialProviders} redirect={search.get("redirect") ?? ""} />
    </AuthPage>
  );
}
