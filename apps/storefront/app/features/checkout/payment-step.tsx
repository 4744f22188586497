import { Form } from "react-router";
import { usePath, useT } from "../../ui/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";
import { ConsentFields } from "../consents/consent-fields.tsx";
import type { PaymentStepData } from "./checkout-data.ts";
import { previousStep, stepHref } from "./checkout-steps.ts";
import { PAYMENT_FIELD, paymentErrors, SAVED_PAYMENT_FIELD, SEEN_FIELD } from "./choice-forms.ts";
import { ChoiceError, StepActions, type StepAnswer, StepFields } from "./step-form.tsx";
import { useStepForm } from "./use-step-form.ts";
import { VoucherForm } from "./voucher-form.tsx";

/**
 * SPEC §2 payment step: a gift voucher to pay with (its own form), the methods with name and
 * description (or the one chosen for the customer, SPEC §9 HPF), the consents, Back and the order's submit. It posts as a page load: its answer may be
 * the card provider's form, which only a new page's CSP lets post to the provider.
 */
export function PaymentStep({ data, answer }: { data: PaymentStepData; answer?: StepAnswer }) {
  const t = useT();
  const path = usePath();
  const form = useStepForm({
    fields: [],
    extra: (formData, translate) => paymentErrors(formData, data.consents, translate),
    serverErrors: answer?.fieldErrors,
    document: true,
  });
  const { errors } = form;
  const methodError = errors[PAYMENT_FIELD];
  const back = previousStep("payment", data.steps) ?? "address";
  const chosen = data.auto ? data.auto.id : data.cart.paymentMethodId;
  return (
    <>
      <VoucherForm cart={data.cart} answer={answer} />
      <Form
        method="post"
        action={stepHref(path("checkout"), "payment")}
        reloadDocument
        noValidate
        className="form checkout-form"
        ref={form.formRef}
        onSubmit={form.onSubmit}
        key={answer?.id}
      >
        <StepFields step="payment" />
        <input type="hidden" name={SEEN_FIELD} value={data.seen} />
        <input type="hidden" name={SAVED_PAYMENT_FIELD} value={data.cart.paymentMethodId ?? ""} />
        {data.auto ? (
          <div className="checkout-fieldset checkout-auto">
            <input type="hidden" name={PAYMENT_FIELD} value={data.auto.id} />
            <p className="choice__name">{data.auto.name}</p>
            <p className="choice__description">{data.auto.description}</p>
          </div>
        ) : data.methods.length === 0 ? (
          <Notice kind="info">{t("checkout.payment.none")}</Notice>
        ) : (
          <fieldset className="checkout-fieldset checkout-choices">
            <legend>{t("checkout.payment.legend")}</legend>
            {data.methods.map((method) => {
              const id = `payment-${method.id}`;
              return (
                <div key={method.id} className="choice">
                  <input
                    type="radio"
                    id={id}
                    name={PAYMENT_FIELD}
                    value={method.id}
                    defaultChecked={chosen === method.id}
                    aria-describedby={[`${id}-description`, methodError ? `${PAYMENT_FIELD}-error` : ""].join(" ").trim()}
                  />
                  <label htmlFor={id} className="choice__label">
                    <span className="choice__name">{method.name}</span>
                  </label>
                  <p id={`${id}-description`} className="choice__description">
                    {method.description}
                  </p>
                </div>
              );
            })}
            <ChoiceError name={PAYMENT_FIELD} error={methodError} />
          </fieldset>
        )}
        <ConsentFields consents={data.consents} errors={errors} accepted={answer?.acceptedConsents ?? data.acceptedConsents} />
        <StepActions
          back={{ to: stepHref(path("checkout"), back), label: t("checkout.back") }}
          submit={data.methods.length > 0 ? t("checkout.payment.submit") : null}
          busy={form.busy}
        />
      </Form>
    </>
  );
}
