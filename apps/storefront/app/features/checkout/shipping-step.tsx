import { Form } from "react-router";
import { usePath, useT } from "../../ui/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";
import type { ShippingStepData } from "./checkout-data.ts";
import { stepHref } from "./checkout-steps.ts";
import { usePrice } from "./checkout-summary.tsx";
import { branchField, METHOD_FIELD, readShipping } from "./choice-forms.ts";
import { ChoiceError, StepActions, type StepAnswer, StepFields } from "./step-form.tsx";
import { useStepForm } from "./use-step-form.ts";

/**
 * SPEC §2 shipping step: the applicable methods with name, description and price; a method with
 * pickup branches shows them (CSS :has, without JavaScript too) and one must be chosen. After a
 * refusal the radios show the saved choice again (the form is remounted with the answer's id).
 */
export function ShippingStep({ data, answer }: { data: ShippingStepData; answer?: StepAnswer }) {
  const t = useT();
  const path = usePath();
  const price = usePrice(data.cart.prices.currency);
  const form = useStepForm({
    fields: [],
    extra: (formData, translate) => readShipping(formData, data.methods, translate).errors ?? {},
    serverErrors: answer?.fieldErrors,
  });
  const { errors } = form;
  const methodError = errors[METHOD_FIELD];
  return (
    <Form
      method="post"
      action={stepHref(path("checkout"), "shipping")}
      noValidate
      className="form checkout-form"
      ref={form.formRef}
      onSubmit={form.onSubmit}
      key={answer?.id}
    >
      <StepFields step="shipping" />
      {data.methods.length === 0 ? (
        <Notice kind="info">{t("checkout.shipping.none")}</Notice>
      ) : (
        <fieldset className="checkout-fieldset checkout-choices">
          <legend>{t("checkout.shipping.legend")}</legend>
          {data.methods.map((method) => {
            const id = `method-${method.id}`;
            const branches = branchField(method.id);
            const branchError = errors[branches];
            return (
              <div key={method.id} className="choice">
                <input
                  type="radio"
                  id={id}
                  name={METHOD_FIELD}
                  value={method.id}
                  defaultChecked={data.cart.deliveryMethodId === method.id}
                  aria-describedby={[`${id}-description`, methodError ? `${METHOD_FIELD}-error` : ""].join(" ").trim()}
                />
                <label htmlFor={id} className="choice__label">
                  <span className="choice__name">{method.name}</span>
                  <span className="choice__price">{method.price === 0 ? t("checkout.free") : price(method.price)}</span>
                </label>
                <p id={`${id}-description`} className="choice__description">
                  {method.description}
                </p>
                {method.options.length > 0 ? (
                  <fieldset className="checkout-branches">
                    <legend>{t("checkout.shipping.branch")}</legend>
                    {method.options.map((branch) => {
                      const branchId = `${id}-branch-${branch.id}`;
                      return (
                        <div key={branch.id} className="choice choice--branch">
                          <input
                            type="radio"
                            id={branchId}
                            name={branches}
                            value={branch.id}
                            defaultChecked={data.cart.deliveryMethodId === method.id && data.cart.checkout.branchId === branch.id}
                            aria-describedby={[`${branchId}-detail`, branchError ? `${branches}-error` : ""].join(" ").trim()}
                          />
                          <label htmlFor={branchId} className="choice__label">
                            <span className="choice__name">{branch.name}</span>
                          </label>
                          <p id={`${branchId}-detail`} className="choice__description">
                            {branch.address} · {branch.phone}
                          </p>
                        </div>
                      );
                    })}
                    <ChoiceError name={branches} error={branchError} />
                  </fieldset>
                ) : null}
              </div>
            );
          })}
          <ChoiceError name={METHOD_FIELD} error={methodError} />
        </fieldset>
      )}
      <StepActions
        back={{ to: stepHref(path("checkout"), "address"), label: t("checkout.back") }}
        submit={data.methods.length > 0 ? t("checkout.next") : null}
        busy={form.busy}
      />
    </Form>
  );
}
