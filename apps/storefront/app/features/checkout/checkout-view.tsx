import { TOAST_MS } from "@shop/contracts";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { usePath, useT } from "../../ui/i18n.tsx";
import { Notice, Toasts } from "../../ui/notice.tsx";
import { AddressStep } from "./address-step.tsx";
import type { CheckoutActionData, CheckoutData } from "./checkout-data.ts";
import { type CheckoutStep, stepHref } from "./checkout-steps.ts";
import { CheckoutSummary } from "./checkout-summary.tsx";
import { PaymentStep } from "./payment-step.tsx";
import { ShippingStep } from "./shipping-step.tsx";
import "../../styles/checkout.css";

const TITLES: Record<CheckoutStep, string> = {
  address: "checkout.address.title",
  shipping: "checkout.shipping.title",
  payment: "checkout.payment.title",
};

const LABELS: Record<CheckoutStep, string> = {
  address: "checkout.step.address",
  shipping: "checkout.step.shipping",
  payment: "checkout.step.payment",
};

/** Where the customer is: steps before the current one are links back, later ones plain text. */
function StepIndicator({ steps, current }: { steps: CheckoutStep[]; current: CheckoutStep }) {
  const t = useT();
  const path = usePath();
  const at = steps.indexOf(current);
  return (
    <nav className="checkout-progress" aria-label={t("checkout.steps")}>
      <ol>
        {steps.map((step, i) => {
          const label = (
            <>
              <span className="checkout-progress__number" aria-hidden="true">
                {i + 1}
              </span>
              <span>{t(LABELS[step])}</span>
            </>
          );
          const state = i < at ? "done" : i === at ? "current" : "next";
          return (
            <li key={step} className={`checkout-progress__step checkout-progress__step--${state}`}>
              {i < at ? (
                <Link to={stepHref(path("checkout"), step)}>
                  {label}
                  <span className="sr-only"> ({t("checkout.step.done")})</span>
                </Link>
              ) : (
                <span aria-current={i === at ? "step" : undefined}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * The checkout page (SPEC §2): the active step only, beside the order's summary. Focus moves to the
 * step's heading when the step changes (or the cart changed under the order), and to the first
 * error when a step is refused.
 */
export function CheckoutView({ data, action }: { data: CheckoutData; action: CheckoutActionData | undefined }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const errorNotice = useRef<HTMLDivElement>(null);
  const shownStep = useRef(data.step);
  const answer = action?.kind === "invalid" && action.step === data.step ? action : undefined;
  const updated = action?.kind === "cartUpdated" ? action : undefined;

  useEffect(() => {
    if (shownStep.current === data.step) return;
    shownStep.current = data.step;
    heading.current?.focus();
  }, [data.step]);
  useEffect(() => {
    if (updated) heading.current?.focus();
  }, [updated]);
  // Field errors take focus themselves (useFormValidation); an error of the whole form takes it here.
  useEffect(() => {
    if (answer?.formError && Object.keys(answer.fieldErrors).length === 0) errorNotice.current?.focus();
  }, [answer]);

  const n = data.steps.indexOf(data.step) + 1;
  const title = t(TITLES[data.step]);
  return (
    <div className="checkout-page container">
      <title>{`${title} – ${t("checkout.title")}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="checkout-page__title">{t("checkout.title")}</h1>
      <StepIndicator steps={data.steps} current={data.step} />
      <div className="checkout-layout">
        <section className="checkout-main" aria-labelledby="checkout-step-title">
          <h2 id="checkout-step-title" className="checkout-main__title" tabIndex={-1} ref={heading}>
            <span className="checkout-main__count">{t("checkout.stepOf", { n, total: data.steps.length })}</span> {title}
          </h2>
          {answer?.formError ? (
            <div ref={errorNotice} tabIndex={-1} className="checkout-main__error">
              <Notice kind="error">{answer.formError}</Notice>
            </div>
          ) : null}
          {data.step === "address" ? <AddressStep data={data} answer={answer} /> : null}
          {data.step === "shipping" ? <ShippingStep data={data} answer={answer} /> : null}
          {data.step === "payment" ? <PaymentStep data={data} answer={answer} /> : null}
        </section>
        <CheckoutSummary
          cart={data.cart}
          delivery={data.step === "payment" ? data.delivery : null}
          review={data.step === "payment"}
          deliveryEditable={data.steps.includes("shipping")}
        />
      </div>
      {updated ? <Toasts messages={[{ id: updated.id, kind: "info", text: updated.message, durationMs: TOAST_MS.cartUpdated }]} /> : null}
    </div>
  );
}
