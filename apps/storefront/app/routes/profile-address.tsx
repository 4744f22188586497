import { NO_STORE } from "../features/checkout/checkout.server.ts";
import { AddressPage } from "../features/profile/address-page.tsx";
import { addressPageAction, addressPageLoader } from "../features/profile/addresses.server.ts";
import type { Route } from "./+types/profile-address";
import "../styles/profile.css";

/** /profil/adresa/:id?: a new saved address, or one of the customer's own (features/profile/addresses.server.ts). */
export function loader(args: Route.LoaderArgs) {
  return addressPageLoader(args);
}

export function action(args: Route.ActionArgs) {
  return addressPageAction(args);
}

export const headers = () => NO_STORE;

export default function ProfileAddressPage({ loaderData, actionData }: Route.ComponentProps) {
  return <AddressPage data={loaderData} answer={actionData} />;
}
