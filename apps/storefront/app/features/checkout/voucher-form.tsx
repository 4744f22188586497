import type { CartView } from "@shop/contracts";
import { useEffect, useId, useRef } from "react";
import { Form } from "react-router";
import { usePath, useT } from "../../ui/i18n.tsx";
import { REQUEST_KEY_FIELD } from "../cart/cart-action-data.ts";
import { useRequestKey } from "../cart/request-key.ts";
import { stepHref } from "./checkout-steps.ts";
import { usePrice } from "./checkout-summary.tsx";
import type { StepAnswer } from "./step-form.tsx";
import { VOUCHER_FIELD, VOUCHER_INTENT_FIELD } from "./voucher-fields.ts";

/**
 * The payment step's gift voucher (issue 11): a code to apply, or the applied one with what it pays
 * and a button to take it off. Its own form beside the order's, posted to the checkout's action
 * (works without JavaScript: the step comes back with the new totals or the refusal).
 */
export function VoucherForm({ cart, answer }: { cart: CartView; answer?: StepAnswer }) {
  const t = useT();
  const path = usePath();
  const id = useId();
  const price = usePrice(cart.prices.currency);
  const applied = cart.voucher;
  const error = answer?.fieldErrors[VOUCHER_FIELD];
  const field = useRef<HTMLInputElement>(null);
  // A refusal comes back as `answer`, a success as the step's new cart: either makes the next post another one.
  const requestKey = useRequestKey(answer, cart);
  // A refused code takes the focus, so the keyboard and the screen reader land on it.
  useEffect(() => {
    if (error) field.current?.focus();
  }, [error]);
  const note = applied?.problem
    ? t(applied.problem)
    : applied
      ? t("checkout.voucher.applied", { code: applied.code, amount: price(applied.amount) })
      : null;
  const described = [`${id}-hint`, error ? `${id}-error` : ""].join(" ").trim();
  return (
    <Form method="post" action={stepHref(path("checkout"), "payment")} className="cart-form checkout-voucher" key={answer?.id}>
      <input type="hidden" name={VOUCHER_INTENT_FIELD} value={applied ? "remove" : "apply"} />
      <input type="hidden" name={REQUEST_KEY_FIELD} value={requestKey} />
      <div className={`field${error || applied?.problem ? " field--invalid" : ""}`}>
        <label htmlFor={`${id}-code`}>{t("checkout.voucher.label")}</label>
        <p id={`${id}-hint`} className={applied?.problem ? "field__error" : "field__hint"}>
          {note ?? t("checkout.voucher.hint")}
        </p>
        <div className="cart-form__row">
          {/* A disabled field is not sent: the code travels only to be applied. */}
          <input
            type="text"
            ref={field}
            id={`${id}-code`}
            name={VOUCHER_FIELD}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            required={!applied}
            disabled={applied !== null}
            defaultValue={applied?.code ?? answer?.values[VOUCHER_FIELD] ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
          />
          <button type="submit" className="button button--ghost button--small">
            {applied ? t("cart.remove") : t("cart.apply")}
          </button>
        </div>
        {error ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </Form>
  );
}
