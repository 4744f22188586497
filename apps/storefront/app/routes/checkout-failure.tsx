import { Form, Link } from "react-router";
import { NO_STORE } from "../features/checkout/checkout.server.ts";
import { loadFailure, payAgainAction } from "../features/checkout/failure.server.ts";
import { ProviderRedirect } from "../features/checkout/provider-redirect.tsx";
import { WalletPay } from "../features/checkout/wallet-pay.tsx";
import { usePath, useT } from "../ui/i18n.tsx";
import type { Route } from "./+types/checkout-failure";

/** /checkout/failure: where the card provider sends a payment that did not go through (SPEC §2, §8 checkout failure title). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadFailure(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  // Another site's form must not start payments in a visitor's name.
  if (request.headers.get("sec-fetch-site") === "cross-site") throw new Response("Forbidden", { status: 403 });
  return payAgainAction(request, context);
}

export const headers = () => NO_STORE;

export default function CheckoutFailurePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const path = usePath();
  if (actionData?.kind === "provider") return <ProviderRedirect html={actionData.html} />;
  if (actionData?.kind === "wallet") return <WalletPay data={actionData} />;
  return (
    <section className="status-page" aria-labelledby="status-title">
      <title>{t("checkout.failure.title")}</title>
      <meta name="robots" content="noindex" />
      <h1 id="status-title">{t("checkout.failure.title")}</h1>
      <p className="status-page__text">{t("checkout.failure.text")}</p>
      {loaderData.payable ? (
        // A whole-page post: the provider form that comes back sends itself only when the page loads.
        <Form method="post" reloadDocument>
          <button type="submit" className="button">
            {t("checkout.failure.payAgain")}
          </button>
        </Form>
      ) : (
        <Link to={path("checkout")} className="button">
          {t("checkout.failure.retry")}
        </Link>
      )}
    </section>
  );
}
