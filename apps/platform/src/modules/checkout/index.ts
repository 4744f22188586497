/** What the cart and orders use of checkout: the delivery and payment methods that apply, and what a chosen one is. */

export { branchNames } from "./checkout.repository.ts";
export {
  applicableDeliveryMethods,
  applicablePaymentMethods,
  availableCountries,
  type BankAccount,
  bankAccount,
  type DeliveryChoice,
  deliveryChoice,
  PAYMENT_TYPE_OF,
  type PaymentChoice,
  paymentChoices,
  toPaymentView,
} from "./checkout.service.ts";
