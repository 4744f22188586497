import { CART_QTY_MAX, type CartItemView, type CartView, DEBOUNCE_MS, SYSTEM_ROUTES } from "@shop/contracts";
import { formatPrice } from "@shop/i18n";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { useLocale, usePath, useT } from "../../ui/i18n.tsx";
import type { CartActionData } from "./cart-action-data.ts";
import { cartToast } from "./cart-events.ts";
import { CartFormFields } from "./cart-form-fields.tsx";
import { cartLineHref } from "./cart-links.ts";

function usePrice(currency: string) {
  const locale = useLocale();
  return (amount: number) => formatPrice(locale, amount, currency || "EUR");
}

/** SPEC §2 Cart view: the lines, each with its quantity and remove controls. */
export function CartLines({ cart, compact = false }: { cart: CartView; compact?: boolean }) {
  const t = useT();
  return (
    <ul className={`cart-lines${compact ? " cart-lines--compact" : ""}`} aria-label={t("cart.lines")}>
      {cart.items.map((item) => (
        <CartLine key={item.itemId} item={item} currency={cart.prices.currency} compact={compact} />
      ))}
    </ul>
  );
}

function CartLine({ item, currency, compact }: { item: CartItemView; currency: string; compact: boolean }) {
  const t = useT();
  const locale = useLocale();
  const price = usePrice(currency);
  const remover = useFetcher<CartActionData>();
  const removing = remover.state !== "idle" && remover.formData?.get("intent") === "remove";
  const [lineError, setLineError] = useState<string | null>(null);
  const errorId = useId();
  const href = cartLineHref(item, locale);
  const image = item.productData.media[0];
  const { stock } = item.productData;
  const overStock = stock !== null && item.qty > stock;

  // The line leaves the list once the loaders catch up, so the answer is read as soon as it arrives.
  const handled = useRef<CartActionData | undefined>(undefined);
  useEffect(() => {
    const answer = remover.data;
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.message) cartToast(answer.ok ? "success" : "error", answer.message);
  }, [remover.data]);

  const stockText = overStock ? t("cart.stockLeft", { stock: stock ?? 0 }) : null;
  const shownError = lineError ?? stockText;
  return (
    <li className={`cart-line${removing ? " is-removing" : ""}`} aria-busy={removing || undefined}>
      <div className="cart-line__media">
        {image ? <img src={image.src} alt="" width={image.width} height={image.height} loading="lazy" decoding="async" /> : null}
      </div>
      <div className="cart-line__info">
        <p className="cart-line__name">{href ? <Link to={href}>{item.productData.name}</Link> : item.productData.name}</p>
        {item.productData.variantLabels.length > 0 ? (
          <p className="cart-line__variant">{item.productData.variantLabels.join(" · ")}</p>
        ) : null}
        {item.options.customPriceOption.map((o) => (
          <p key={o.optionId} className="cart-line__variant">
            {o.customOptionTitle ? `${o.customOptionTitle}: ` : ""}
            {o.customOptionValue}
          </p>
        ))}
        <p className="cart-line__unit">
          <span className="sr-only">{t("cart.unitPrice")}: </span>
          {price(item.prices.unitPrice)}
          {compact ? null : <span className="cart-line__per"> / {t("cart.perPiece")}</span>}
        </p>
      </div>
      <QuantityForm item={item} compact={compact} onError={setLineError} describedBy={shownError ? errorId : undefined} />
      <p className="cart-line__total">
        <span className="sr-only">{t("cart.rowTotal")}: </span>
        <span data-testid="row-total">{price(item.prices.rowTotal)}</span>
      </p>
      <remover.Form method="post" action={SYSTEM_ROUTES.cartAction} className="cart-line__remove">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="itemId" value={item.itemId} />
        <CartFormFields renewOn={[remover.data]} />
        <button type="submit" className="cart-line__remove-button" aria-disabled={removing || undefined}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-1 12H7L6 9Zm4 2v8h1.5v-8H10Zm2.5 0v8H14v-8h-1.5Z" />
          </svg>
          <span className={compact ? "sr-only" : "cart-line__remove-label"}>{t("cart.remove")}</span>
          <span className="sr-only">: {item.productData.name}</span>
        </button>
      </remover.Form>
      {shownError ? (
        <p className="cart-line__error" id={errorId} role="alert">
          {shownError}
        </p>
      ) : null}
    </li>
  );
}

/**
 * SPEC §4 Cart quantity: with JavaScript a change is sent 500 ms after the last keystroke or click,
 * and a newer change replaces the pending one; without it the 'Ažuriraj' button sends the form.
 */
function QuantityForm({
  item,
  compact,
  onError,
  describedBy,
}: {
  item: CartItemView;
  compact: boolean;
  onError: (message: string | null) => void;
  describedBy?: string;
}) {
  const t = useT();
  const fetcher = useFetcher<CartActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [value, setValue] = useState(String(item.qty));
  const inputId = useId();
  const busy = fetcher.state !== "idle";

  // The server's quantity wins whenever nothing of ours is on its way.
  const serverQty = item.qty;
  useEffect(() => {
    if (timer.current === undefined && fetcher.state === "idle") setValue(String(serverQty));
  }, [serverQty, fetcher.state]);

  const handled = useRef<CartActionData | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    onError(answer.ok ? null : answer.message);
    if (!answer.ok) setValue(String(serverQty));
  }, [fetcher.state, fetcher.data, onError, serverQty]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const send = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const form = formRef.current;
    if (form) fetcher.submit(form, { method: "post", action: SYSTEM_ROUTES.cartAction });
  };

  const change = (next: string) => {
    setValue(next);
    clearTimeout(timer.current);
    timer.current = undefined;
    const qty = Number(next);
    if (next === "") return;
    if (!Number.isInteger(qty) || qty < 1 || qty > CART_QTY_MAX) {
      onError(t("error.invalidQuantity"));
      return;
    }
    onError(null);
    if (qty === item.qty) return;
    timer.current = setTimeout(send, DEBOUNCE_MS.cartQuantity);
  };

  return (
    <Form
      ref={formRef}
      method="post"
      action={SYSTEM_ROUTES.cartAction}
      className={`cart-line__qty${busy ? " is-busy" : ""}`}
      onSubmit={(event) => {
        // With scripts the fetcher sends it at once (Enter); without, the browser posts the form.
        event.preventDefault();
        send();
      }}
    >
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="itemId" value={item.itemId} />
      {/* A newer quantity replaces one still on its way: it is another submission. */}
      <CartFormFields renewOn={[fetcher.data, value]} />
      <label htmlFor={inputId} className={compact ? "sr-only" : "cart-line__qty-label"}>
        {t("cart.quantity")}
        <span className="sr-only">: {item.productData.name}</span>
      </label>
      <input
        id={inputId}
        name="qty"
        type="number"
        inputMode="numeric"
        min={1}
        max={item.productData.stock ?? CART_QTY_MAX}
        step={1}
        required
        value={value}
        onChange={(event) => change(event.target.value)}
        aria-describedby={describedBy}
        className="cart-line__qty-input"
      />
      <button type="submit" className="button button--ghost button--small cart-line__update">
        {t("cart.update")}
      </button>
    </Form>
  );
}

/** SPEC §2: items total, the coupon's discount only with a coupon, delivery, tax, grand total. */
export function CartSummary({ cart }: { cart: CartView }) {
  const t = useT();
  const price = usePrice(cart.prices.currency);
  const { prices } = cart;
  return (
    <dl className="cart-summary__list" aria-live="polite">
      <div className="cart-summary__row">
        <dt>{t("cart.itemsTotal")}</dt>
        <dd>{price(prices.itemsTotal)}</dd>
      </div>
      {cart.couponCode ? (
        <div className="cart-summary__row cart-summary__row--discount" data-testid="coupon-discount">
          <dt>{t("cart.couponDiscount", { code: cart.couponCode })}</dt>
          <dd>−{price(Math.abs(prices.coupon))}</dd>
        </div>
      ) : null}
      {prices.loyalty > 0 ? (
        <div className="cart-summary__row cart-summary__row--discount">
          <dt>{t("cart.loyaltyDiscount")}</dt>
          <dd>−{price(prices.loyalty)}</dd>
        </div>
      ) : null}
      <div className="cart-summary__row">
        <dt>{t("cart.delivery")}</dt>
        <dd>{cart.digitalOnly || prices.delivery === 0 ? t("cart.deliveryNone") : price(prices.delivery)}</dd>
      </div>
      <div className="cart-summary__row cart-summary__row--muted">
        <dt>{t("cart.taxIncluded")}</dt>
        <dd>{price(prices.tax)}</dd>
      </div>
      <div className="cart-summary__row cart-summary__row--total">
        <dt>{t("cart.grandTotal")}</dt>
        <dd data-testid="grand-total">{price(prices.orderTotal)}</dd>
      </div>
    </dl>
  );
}

/** An inline answer under a small cart form (success politely, errors at once). */
function FormAnswer({ id, answer }: { id: string; answer: CartActionData | undefined }) {
  if (!answer?.message) return null;
  return (
    <p id={id} className={answer.ok ? "cart-form__ok" : "field__error"} role={answer.ok ? "status" : "alert"}>
      {answer.message}
    </p>
  );
}

/** SPEC §4: with a coupon set the field is disabled and the button removes it; otherwise it applies. */
export function CouponForm({ cart, compact = false }: { cart: CartView; compact?: boolean }) {
  const t = useT();
  const fetcher = useFetcher<CartActionData>();
  const id = useId();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const failed = answer && !answer.ok;
  const hasCoupon = cart.couponCode !== null;
  return (
    <fetcher.Form method="post" action={SYSTEM_ROUTES.cartAction} className={`cart-form${compact ? " cart-form--compact" : ""}`}>
      <input type="hidden" name="intent" value={hasCoupon ? "removeCoupon" : "applyCoupon"} />
      <CartFormFields renewOn={[fetcher.data]} />
      <div className={`field${failed ? " field--invalid" : ""}`}>
        <label htmlFor={`${id}-code`}>{t("cart.coupon")}</label>
        <div className="cart-form__row">
          {/* A disabled field is not sent: the code travels only to be applied. */}
          <input
            type="text"
            id={`${id}-code`}
            name="couponCode"
            autoComplete="off"
            maxLength={64}
            required={!hasCoupon}
            disabled={hasCoupon}
            defaultValue={cart.couponCode ?? ""}
            key={cart.couponCode ?? ""}
            aria-invalid={failed || undefined}
            aria-describedby={answer?.message ? `${id}-answer` : undefined}
          />
          <button type="submit" className="button button--ghost button--small" aria-disabled={busy || undefined}>
            {hasCoupon ? t("cart.remove") : t("cart.apply")}
          </button>
        </div>
        <FormAnswer id={`${id}-answer`} answer={answer} />
      </div>
    </fetcher.Form>
  );
}

/** SPEC §5/§6: a membership card barcode, for logged-in customers only. */
export function MemberCardForm({ cart }: { cart: CartView }) {
  const t = useT();
  const fetcher = useFetcher<CartActionData>();
  const id = useId();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const failed = answer && !answer.ok;
  return (
    <fetcher.Form method="post" action={SYSTEM_ROUTES.cartAction} className="cart-form">
      <input type="hidden" name="intent" value="applyMemberCard" />
      <CartFormFields renewOn={[fetcher.data]} />
      <div className={`field${failed ? " field--invalid" : ""}`}>
        <label htmlFor={`${id}-barcode`}>{t("cart.memberCard")}</label>
        {cart.memberCard && cart.validateMemberCard ? (
          <p className="field__hint">{t("cart.memberCard.active", { code: cart.memberCard })}</p>
        ) : null}
        <div className="cart-form__row">
          <input
            type="text"
            id={`${id}-barcode`}
            name="barcode"
            autoComplete="off"
            inputMode="numeric"
            maxLength={32}
            required
            defaultValue={cart.memberCard ?? ""}
            aria-invalid={failed || undefined}
            aria-describedby={answer?.message ? `${id}-answer` : undefined}
          />
          <button type="submit" className="button button--ghost button--small" aria-disabled={busy || undefined}>
            {t("cart.apply")}
          </button>
        </div>
        <FormAnswer id={`${id}-answer`} answer={answer} />
      </div>
    </fetcher.Form>
  );
}

/** Visitors cannot apply a card (SPEC §6); card holders learn where their prices are, and come back here. */
export function MemberCardLogin() {
  const t = useT();
  const path = usePath();
  return (
    <p className="cart-form cart-form__login">
      <strong>{t("cart.memberCard")}</strong>{" "}
      <Link to={`${path("login")}?redirect=${encodeURIComponent(path("cart"))}`}>{t("cart.memberCard.login")}</Link>
    </p>
  );
}

/** Free-text instructions for the order (SPEC §2 Cart view). */
export function InstructionsForm({ cart }: { cart: CartView }) {
  const t = useT();
  const fetcher = useFetcher<CartActionData>();
  const id = useId();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" action={SYSTEM_ROUTES.cartAction} className="cart-form">
      <input type="hidden" name="intent" value="instructions" />
      <CartFormFields renewOn={[fetcher.data]} />
      <div className="field">
        <label htmlFor={`${id}-text`}>{t("cart.instructions")}</label>
        <p className="field__hint" id={`${id}-hint`}>
          {t("cart.instructions.hint")}
        </p>
        <textarea
          id={`${id}-text`}
          name="instructions"
          rows={3}
          maxLength={1000}
          defaultValue={cart.instructions}
          aria-describedby={answer?.message ? `${id}-hint ${id}-answer` : `${id}-hint`}
        />
        <FormAnswer id={`${id}-answer`} answer={answer} />
      </div>
      <button type="submit" className="button button--ghost button--small" aria-disabled={busy || undefined}>
        {t("cart.instructions.save")}
      </button>
    </fetcher.Form>
  );
}

export function EmptyCart() {
  const t = useT();
  const path = usePath();
  return (
    <div className="cart-empty">
      <p className="cart-empty__text">{t("cart.empty")}</p>
      <Link to={path("shop")} className="button">
        {t("cart.toShop")}
      </Link>
    </div>
  );
}
