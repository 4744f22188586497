import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { usePath, useT } from "../../ui/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";
import type { CheckoutActionData } from "./checkout-data.ts";
import { WALLET_FIELD, WALLET_ORDER_FIELD } from "./wallet-fields.ts";
import "../../styles/checkout.css";

type Wallet = Extract<CheckoutActionData, { kind: "wallet" }>;

/** The part of Monri's `components.js` this page uses (the calls of Monri's own plugin templates). */
interface MonriComponent {
  mount(elementId: string): void;
  onStartPayment(start: () => void): MonriComponent;
}
interface MonriResult {
  result: { status: string } | null;
  error: { message: string } | null;
}
interface MonriInstance {
  components(options: { clientSecret: string }): { create(type: string, options: Record<string, unknown>): MonriComponent };
  confirmPayment(component: MonriComponent, transaction: Record<string, string>): Promise<MonriResult>;
}
type MonriFactory = (token: string, options: { locale: string }) => MonriInstance;

const TRANSACTION_FIELDS = ["ch_full_name", "ch_address", "ch_city", "ch_zip", "ch_country", "ch_phone", "ch_email"];

/**
 * SPEC §4 Payment submit with `html` as an object: loads the provider's wallet script, mounts its
 * buttons, and once the buyer has finished in one, posts the order back (SPEC order/pgSuccess):
 * the platform asks the provider itself whether it was paid. Needs JavaScript (the one checkout
 * path that does); without it the page says so and the order can still be paid again later.
 */
export function WalletPay({ data }: { data: Wallet }) {
  const t = useT();
  const path = usePath();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { scriptUrl, config } = data.wallet;
  const types = (config.components ?? "").split(" ").filter(Boolean);
  // The effect runs once per payment: the texts and settings it reads are this render's.
  const latest = useRef({ config, types, unavailable: t("checkout.wallet.unavailable") });
  latest.current = { config, types, unavailable: t("checkout.wallet.unavailable") };
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    const { config, types, unavailable } = latest.current;
    const script = document.createElement("script");
    script.src = scriptUrl;
    script.async = true;
    script.onerror = () => setError(unavailable);
    script.onload = () => {
      const Monri = (window as unknown as { Monri?: MonriFactory }).Monri;
      if (!live || !Monri) return;
      const transaction = Object.fromEntries(TRANSACTION_FIELDS.flatMap((k) => (config[k] ? [[k, config[k]]] : [])));
      const monri = Monri(config.authenticityToken ?? "", { locale: config.locale ?? "hr" });
      const components = monri.components({ clientSecret: config.clientSecret ?? "" });
      for (const type of types) {
        const button = components.create(type, { trx_token: config.clientSecret, environment: config.environment, transaction });
        button.onStartPayment(() => {
          setError(null);
          setBusy(true);
          void monri.confirmPayment(button, transaction).then((outcome) => {
            // A refusal the provider settled (declined) goes to the platform like an approval; only a
            // payment that did not happen (closed sheet, network) stays here to try again.
            if (outcome.error) {
              setBusy(false);
              setError(outcome.error.message);
            } else formRef.current?.requestSubmit();
          });
        });
        button.mount(`wallet-${type}`);
      }
    };
    document.head.append(script);
    const box = boxRef.current;
    return () => {
      live = false;
      script.remove();
      for (const mounted of box?.children ?? []) mounted.replaceChildren();
    };
  }, [scriptUrl, config.clientSecret]);

  return (
    <section className="checkout-page checkout-provider container" aria-labelledby="wallet-title" aria-busy={busy}>
      <title>{t("checkout.wallet.title")}</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1 id="wallet-title">{t("checkout.wallet.title")}</h1>
      <p>{t("checkout.wallet.text")}</p>
      <noscript>
        <Notice kind="info">{t("checkout.wallet.noscript")}</Notice>
      </noscript>
      <div className="checkout-wallet" ref={boxRef}>
        {types.map((type) => (
          <div key={type} id={`wallet-${type}`} />
        ))}
      </div>
      <p role="alert" className="checkout-wallet__error">
        {error}
      </p>
      <Form method="post" action={path("checkout")} reloadDocument ref={formRef} hidden>
        <input type="hidden" name={WALLET_FIELD} value="1" />
        <input type="hidden" name={WALLET_ORDER_FIELD} value={data.orderSlug} />
      </Form>
    </section>
  );
}
