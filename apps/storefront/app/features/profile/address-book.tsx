import { ADDRESS_DEFAULT_KINDS, type AddressDefaultKind, type AddressView, type UserView } from "@shop/contracts";
import { Form, Link } from "react-router";
import { usePath, useT } from "../../ui/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";
import type { ProfileActionData, ProfileOutcome } from "./profile.server.ts";

const OUTCOME_TEXT: Partial<Record<ProfileOutcome, string>> = {
  addressSaved: "profile.addresses.saved",
  addressDeleted: "profile.addresses.deleted",
  addressDefault: "profile.addresses.defaultSaved",
};

const DEFAULT_LABEL: Record<AddressDefaultKind, { is: string; make: string }> = {
  delivery: { is: "profile.addresses.defaultDelivery", make: "profile.addresses.makeDelivery" },
  billing: { is: "profile.addresses.defaultBilling", make: "profile.addresses.makeBilling" },
};

function defaultId(user: UserView, kind: AddressDefaultKind): number | null {
  return kind === "delivery" ? user.defaultDeliveryAddressId : user.defaultBillingAddressId;
}

/** A button that posts one profile intent about one address; its visible word is completed for screen readers by the address. */
function AddressAction({ intent, address, label, kind }: { intent: string; address: AddressView; label: string; kind?: string }) {
  return (
    <Form method="post" className="address-card__action">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="addressId" value={address.id} />
      {kind ? <input type="hidden" name="kind" value={kind} /> : null}
      <button type="submit" className="button button--ghost button--small" aria-describedby={`address-${address.id}`}>
        {label}
      </button>
    </Form>
  );
}

/** SPEC §2 Profile address editing: the saved addresses, their defaults, and the ways to change them. */
export function AddressBook({
  user,
  answer,
  outcome,
}: {
  user: UserView;
  answer: ProfileActionData | null;
  outcome: ProfileOutcome | null;
}) {
  const t = useT();
  const path = usePath();
  const done = outcome ? OUTCOME_TEXT[outcome] : undefined;
  return (
    <section className="card profile-section" aria-labelledby="addresses-title" id="addresses">
      <h2 id="addresses-title">{t("profile.addresses.title")}</h2>
      {done ? <Notice kind="success">{t(done)}</Notice> : null}
      {answer?.formError ? <Notice kind="error">{answer.formError}</Notice> : null}
      {user.addresses.length === 0 ? (
        <p>{t("profile.addresses.none")}</p>
      ) : (
        <ul className="address-list">
          {user.addresses.map((address) => (
            <li key={address.id} className="address-card">
              <address id={`address-${address.id}`} className="address-card__text">
                {`${address.firstName} ${address.lastName}`}
                <br />
                {`${address.street} ${address.houseNumber}`}
                <br />
                {`${address.zipCode} ${address.city}, ${address.country}`}
                <br />
                {`${address.contactPhone} · ${address.contactEmail}`}
              </address>
              <ul className="address-card__badges">
                {ADDRESS_DEFAULT_KINDS.filter((kind) => defaultId(user, kind) === address.id).map((kind) => (
                  <li key={kind} className="badge">
                    {t(DEFAULT_LABEL[kind].is)}
                  </li>
                ))}
              </ul>
              <div className="address-card__actions">
                <Link
                  to={path("profileAddress", { id: address.id })}
                  className="button button--ghost button--small"
                  aria-describedby={`address-${address.id}`}
                >
                  {t("profile.addresses.edit")}
                </Link>
                {ADDRESS_DEFAULT_KINDS.filter((kind) => defaultId(user, kind) !== address.id).map((kind) => (
                  <AddressAction key={kind} intent="defaultAddress" kind={kind} address={address} label={t(DEFAULT_LABEL[kind].make)} />
                ))}
                <AddressAction intent="deleteAddress" address={address} label={t("profile.addresses.delete")} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={path("profileAddress")} className="button">
          {t("profile.addresses.add")}
        </Link>
      </p>
    </section>
  );
}
