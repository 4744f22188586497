import { localeFromPath } from "@shop/contracts";
import { Link } from "react-router";
import { AuthPage } from "../features/account/auth-page.tsx";
import { finishSocialLogin, startSocialLogin } from "../features/account/social-login.server.ts";
import { usePath, useT } from "../ui/i18n.tsx";
import { Notice } from "../ui/notice.tsx";
import type { Route } from "./+types/social-login";

/** The provider's callback (SPEC §2 social login callback): a login on success, else why not. */
export function loader({ request, context }: Route.LoaderArgs) {
  return finishSocialLogin(request, context, localeFromPath(new URL(request.url).pathname));
}

/**
 * The login page's provider button (it names the provider): off to the provider. Any other post is
 * a form_post provider's callback (Apple's), the one post the server lets in from another site.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  if (!(await request.clone().formData()).has("provider")) return finishSocialLogin(request, context, locale);
  // Another site's form must not start a login in the visitor's browser (browsers say where a post comes from).
  if (request.headers.get("sec-fetch-site") === "cross-site") throw new Response("Forbidden", { status: 403 });
  return startSocialLogin(request, context, locale);
}

export default function SocialLoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const path = usePath();
  const error = actionData?.error ?? loaderData.error;
  return (
    <AuthPage title={t("auth.social.title")}>
      <Notice kind="error">{error}</Notice>
      <p>
        <Link to={path("login")}>{t("auth.social.back")}</Link>
      </p>
    </AuthPage>
  );
}
