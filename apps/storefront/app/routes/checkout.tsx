import { loadCheckout, NO_STORE } from "../features/checkout/checkout.server.ts";
import { checkoutAction } from "../features/checkout/checkout-actions.server.ts";
import { CheckoutView } from "../features/checkout/checkout-view.tsx";
import { ProviderRedirect } from "../features/checkout/provider-redirect.tsx";
import { WalletPay } from "../features/checkout/wallet-pay.tsx";
import type { Route } from "./+types/checkout";

/** /naplata?step=…: the three checkout steps (features/checkout). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadCheckout(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  // Another site's form must not place orders in a visitor's name (browsers say where a post comes from).
  if (request.headers.get("sec-fetch-site") === "cross-site") throw new Response("Forbidden", { status: 403 });
  return checkoutAction(request, context);
}

export const headers = () => NO_STORE;

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  // The order is placed and the cart closed: only the card provider's form or wallet is left to show.
  if (actionData?.kind === "provider") return <ProviderRedirect html={actionData.html} />;
  if (actionData?.kind === "wallet") return <WalletPay data={actionData} />;
  return loaderData ? <CheckoutView data={loaderData} action={actionData} /> : null;
}
