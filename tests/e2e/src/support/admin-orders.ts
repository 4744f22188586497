import { CHECKOUT_ADDRESS } from "@shop/platform/modules/orders/orders.fixtures.ts";
import { apiCall, type ShopProcess } from "./server.ts";

/** The demo shop's wash product that every order here buys. */
const PRODUCT_SLUG = "osnovno-pranje";

const ADDRESS = { ...CHECKOUT_ADDRESS, firstName: "Đurđa", lastName: "Šimunić", contactEmail: "durda@example.hr" };

/**
 * A guest's bank-transfer order placed through the checkout's endpoints (pickup at the first
 * branch, the required consents given), as the storefront's checkout places one: its code.
 */
export async function placeTransferOrder(shop: ShopProcess, email = ADDRESS.contactEmail): Promise<string> {
  const product = await apiCall<{ id: number }>(shop, "GET", `/v1/product/web/get?slug=${PRODUCT_SLUG}`);
  const s = await apiCall<{ cartId: number; protectCode: string }>(shop, "GET", "/v2/cart/getNewCartSession");
  const session = { cartId: s.cartId, protectCode: s.protectCode };
  await apiCall(shop, "POST", "/v2/cart/addItem", { ...session, productId: product.id, qty: 2 });
  await apiCall(shop, "PUT", "/v2/checkout/saveAddresses", { ...session, email, delivery: { ...ADDRESS, contactEmail: email } });
  const delivery = await apiCall<{ methods: { id: number; options: { id: number }[] }[] }>(
    shop,
    "POST",
    "/v2/delivery/getApplicableDeliveryMethods",
    session,
  );
  const pickup = delivery.methods.find((m) => m.options.length > 0);
  if (!pickup) throw new Error("the demo shop offers no pickup");
  await apiCall(shop, "PUT", "/v2/delivery/saveDeliveryMethod", {
    ...session,
    deliveryMethodId: pickup.id,
    branchId: pickup.options[0]?.id,
  });
  const payments = await apiCall<{ id: number; kind: string }[]>(shop, "POST", "/v2/payment/getApplicablePaymentMethods", session);
  const transfer = payments.find((m) => m.kind === "bank_transfer");
  if (!transfer) throw new Error("the demo shop offers no bank transfer");
  await apiCall(shop, "PUT", "/v2/payment/savePaymentMethod", { ...session, paymentMethodId: transfer.id });
  const { records } = await apiCall<{ records: { id: number; required: boolean }[] }>(shop, "POST", "/v1/web/consent/filter", {
    assigned_to: "checkout",
  });
  const consents = records.filter((c) => c.required).map((c) => c.id);
  const order = await apiCall<{ orderSlug: string }>(shop, "POST", "/v2/order/create", { ...session, consents });
  return order.orderSlug;
}
