import { NO_STORE } from "../features/checkout/checkout.server.ts";
import { ProviderRedirect } from "../features/checkout/provider-redirect.tsx";
import { WalletPay } from "../features/checkout/wallet-pay.tsx";
import { MyOrder } from "../features/profile/my-order.tsx";
import { loadMyOrder, payMyOrderAgain } from "../features/profile/orders.server.ts";
import type { Route } from "./+types/profile-order";
import "../styles/profile.css";

/** /profil/narudzbe/:code: one of the customer's orders; its form is 'pay again' (features/profile/orders.server.ts). */
export function loader(args: Route.LoaderArgs) {
  return loadMyOrder(args);
}

export function action(args: Route.ActionArgs) {
  return payMyOrderAgain(args);
}

export const headers = () => NO_STORE;

export default function ProfileOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.kind === "provider") return <ProviderRedirect html={actionData.html} />;
  if (actionData?.kind === "wallet") return <WalletPay data={actionData} />;
  return <MyOrder order={loaderData.order} documents={loaderData.documents} />;
}
