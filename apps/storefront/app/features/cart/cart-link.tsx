import { useState } from "react";
import { Link } from "react-router";
import { usePath, useT } from "../../ui/i18n.tsx";
import { useItemCount } from "./cart-modal.tsx";

/** The header's cart link with the item count ('Košarica, 3 proizvoda'); a change is announced politely. */
export function CartLink({ count }: { count: number }) {
  const t = useT();
  const path = usePath();
  const items = useItemCount();
  const label = t("cart.link", { items: items(count) });
  // Announced only once it changes: read out on every page it would only repeat the link.
  const [initial] = useState(count);
  return (
    <div className="cart-link-wrap">
      <Link to={path("cart")} className="cart-link" aria-label={label} data-count={count}>
        <svg className="cart-link__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM1 2v2h2l3.6 7.6-1.4 2.4A2 2 0 0 0 7 17h12v-2H7.4l1.1-2h7.4a2 2 0 0 0 1.8-1l3.6-6.5A1 1 0 0 0 20.4 4H5.2l-.9-2H1Z"
          />
        </svg>
        <span className="cart-link__count" aria-hidden="true">
          {count}
        </span>
      </Link>
      <span className="sr-only" aria-live="polite">
        {count === initial ? "" : label}
      </span>
    </div>
  );
}
