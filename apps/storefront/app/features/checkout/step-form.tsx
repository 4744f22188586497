import type { ReactNode } from "react";
import { Link } from "react-router";
import type { CheckoutActionData } from "./checkout-data.ts";
import { type CheckoutStep, STEP_FIELD } from "./checkout-steps.ts";

/** The action's answer for the step on screen (its errors and the values sent). */
export type StepAnswer = Extract<CheckoutActionData, { kind: "invalid" }>;

export function StepFields({ step }: { step: CheckoutStep }) {
  return <input type="hidden" name={STEP_FIELD} value={step} />;
}

/** Back (a link, so it works without JavaScript and saves nothing) and the step's submit, when there is anything to submit. */
export function StepActions({ back, submit, busy }: { back: { to: string; label: string }; submit: ReactNode | null; busy: boolean }) {
  return (
    <div className="checkout-actions">
      <Link to={back.to} className="button button--ghost checkout-actions__back">
        {back.label}
      </Link>
      {submit === null ? null : (
        <button type="submit" className="button button--large checkout-actions__next" aria-disabled={busy || undefined}>
          {submit}
        </button>
      )}
    </div>
  );
}

/** The error of a group of radios, which each radio names in its aria-describedby. */
export function ChoiceError({ name, error }: { name: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${name}-error`} className="field__error">
      {error}
    </p>
  );
}
