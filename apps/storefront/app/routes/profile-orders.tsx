import { NO_STORE } from "../features/checkout/checkout.server.ts";
import { MyOrders } from "../features/profile/my-orders.tsx";
import { loadMyOrders } from "../features/profile/orders.server.ts";
import type { Route } from "./+types/profile-orders";
import "../styles/content.css";
import "../styles/profile.css";

/** /profil/narudzbe?page=…: the customer's orders (features/profile/orders.server.ts). */
export function loader(args: Route.LoaderArgs) {
  return loadMyOrders(args);
}

export const headers = () => NO_STORE;

export default function ProfileOrdersPage({ loaderData }: Route.ComponentProps) {
  return <MyOrders orders={loaderData.orders} />;
}
