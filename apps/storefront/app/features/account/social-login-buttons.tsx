import type { SocialProvidersAnswer } from "@shop/contracts";
import { usePath, useT } from "../../ui/i18n.tsx";

/**
 * One button per configured provider, each a plain form post to the social-login page, which
 * answers with a redirect to the provider (a document navigation, with or without JavaScript).
 */
export function SocialLoginButtons({ providers, redirect }: { providers: SocialProvidersAnswer["providers"]; redirect: string }) {
  const t = useT();
  const path = usePath();
  if (providers.length === 0) return null;
  return (
    <div className="social-login">
      <p>{t("auth.login.socialHeading")}</p>
      {providers.map((provider) => (
        <form key={provider.name} method="post" action={path("socialLogin")}>
          <input type="hidden" name="provider" value={provider.name} />
          <input type="hidden" name="redirect" value={redirect} />
          <button type="submit" className="button button--ghost button--block">
            {t("auth.login.socialWith", { provider: provider.label })}
          </button>
        </form>
      ))}
    </div>
  );
}
