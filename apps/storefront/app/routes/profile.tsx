import { Form } from "react-router";
import { requireUser } from "../features/account/guards.server.ts";
import { sessionOf } from "../features/account/session-context.server.ts";
import { AddressBook } from "../features/profile/address-book.tsx";
import { DetailsForm } from "../features/profile/details-form.tsx";
import { countMyOrders } from "../features/profile/orders.server.ts";
import { OrdersSummary } from "../features/profile/orders-summary.tsx";
import { PasswordForm } from "../features/profile/password-form.tsx";
import { profileAction, profileOutcome } from "../features/profile/profile.server.ts";
import { YourData } from "../features/profile/your-data.tsx";
import { hasWishlist, loadWishlist } from "../features/wishlist/wishlist.server.ts";
import { WishlistList } from "../features/wishlist/wishlist-list.tsx";
import { useLocale, useT } from "../ui/i18n.tsx";
import { Notice } from "../ui/notice.tsx";
import type { Route } from "./+types/profile";
import "../styles/product.css";
import "../styles/profile.css";

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  // SPEC §4: staff have no wishlist; a customer's comes whole (SPEC §9 limit 9999).
  const [wishlist, orderCount] = await Promise.all([
    hasWishlist(user) ? loadWishlist((await sessionOf(args.context)).platform).then((page) => ({ page })) : null,
    countMyOrders(args),
  ]);
  return { user, wishlist, orderCount, outcome: profileOutcome(new URL(args.request.url)) };
}

/** The profile's forms post here (features/profile/profile.server.ts). */
export function action(args: Route.ActionArgs) {
  return profileAction(args);
}

/** The logged-in customer's page: their details, the password, addresses, the wishlist, their data, logout. */
export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { user, wishlist, orderCount, outcome } = loaderData;
  const answer = (form: NonNullable<typeof actionData>["form"]) => (actionData?.form === form ? actionData : null);
  const name = `${user.details.firstName} ${user.details.lastName}`.trim();
  return (
    <section className="profile-page container">
      <title>{t("profile.title")}</title>
      <h1>{t("profile.title")}</h1>
      <div className="card profile-card">
        <h2 className="profile-card__name">{name || user.email}</h2>
        <dl className="details">
          <div>
            <dt>{t("profile.name")}</dt>
            <dd>{name || "—"}</dd>
          </div>
          <div>
            <dt>{t("auth.field.email")}</dt>
            <dd>{user.email}</dd>
          </div>
          {user.memberCardBarcode ? (
            <div>
              <dt>{t("profile.memberCard")}</dt>
              <dd>{user.memberCardBarcode}</dd>
            </div>
          ) : null}
          {user.company?.name ? (
            <div>
              <dt>{t("profile.company")}</dt>
              <dd>{user.company.name}</dd>
            </div>
          ) : null}
        </dl>
        <Form method="post" action="/logout">
          <input type="hidden" name="locale" value={locale} />
          <button type="submit" className="button button--ghost">
            {t("account.logout")}
          </button>
        </Form>
      </div>
      {actionData && actionData.form === null && actionData.formError ? <Notice kind="error">{actionData.formError}</Notice> : null}
      <OrdersSummary count={orderCount} />
      <DetailsForm user={user} answer={answer("details")} outcome={outcome} />
      <PasswordForm answer={answer("password")} changed={outcome === "password"} />
      <AddressBook user={user} answer={answer("addresses")} outcome={outcome} />
      {wishlist ? <WishlistList wishlist={wishlist.page} /> : null}
      <YourData answer={answer("account")} canDelete={!user.isBackofficeUser} />
    </section>
  );
}
