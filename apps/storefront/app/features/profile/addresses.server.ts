import { type AddressView, ALL_COUNTRIES, addressBody, type CountryView, localeFromPath, localizedPath } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, type RouterContextProvider, redirect } from "react-router";
import type { Platform } from "../../platform.server.ts";
import { requireUser } from "../account/guards.server.ts";
import { sessionOf } from "../account/session-context.server.ts";
import { ADDRESS_FIELDS, DEFAULT_COUNTRY } from "../checkout/address-form.ts";
import { failureFields, failurePage, failureStatus, failureText } from "../errors/platform-failure.ts";
import { fieldErrors, formText, readForm } from "../forms/form-values.ts";
import { ID } from "../forms/own-post.server.ts";
import { ADDRESS_FORM_FIELDS, type AddressActionData } from "./address-form.ts";

/**
 * A saved address's own page (SPEC §2 Profile address editing, §5 address rules): a new one without
 * an id, one of the customer's own with it. The rules are the contract's `addressBody`, checked in
 * the browser and again by the platform.
 */

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { id?: string };
}

/** The countries an address may be in: those the checkout delivers to (SPEC §3 allowedCountries). */
export async function addressCountries(platform: Platform): Promise<CountryView[]> {
  const [countries, settings] = await Promise.all([
    platform.callPublic(api.settings.commons, { query: { type: "countries" } }),
    platform.callPublic(api.settings.getCheckoutSettings),
  ]);
  if (!countries.ok) return [];
  const allowed = settings.ok ? settings.data.allowedCountries : ALL_COUNTRIES;
  return countries.data.filter((c): c is CountryView => "iso" in c).filter((c) => allowed === ALL_COUNTRIES || allowed.includes(c.code));
}

function formValues(address: Partial<AddressView> | null): Record<string, string> {
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [`address.${f}`, address?.[f] ?? (f === "country" ? DEFAULT_COUNTRY : "")]));
}

/** The address named by the path, when it is one of the user's; anything else is 404 (another's id like a missing one). */
function ownAddress(addresses: readonly AddressView[], id: string | undefined): AddressView | null {
  if (id === undefined) return null;
  const found = ID.test(id) ? addresses.find((a) => a.id === Number(id)) : undefined;
  if (!found) throw data(null, { status: 404 });
  return found;
}

export async function addressPageLoader(args: Args) {
  const user = await requireUser(args);
  const address = ownAddress(user.addresses, args.params.id);
  const { platform } = await sessionOf(args.context);
  return { editing: address !== null, values: formValues(address), countries: await addressCountries(platform) };
}

export async function addressPageAction(args: Args) {
  const user = await requireUser(args);
  const locale = localeFromPath(new URL(args.request.url).pathname);
  const t = translator(locale);
  const address = ownAddress(user.addresses, args.params.id);
  const form = await args.request.formData();
  const values = Object.fromEntries(ADDRESS_FORM_FIELDS.map((name) => [name, formText(form, name)]));
  // A saved address keeps its type and what the form does not show (region, company from registration);
  // a new one is the customer's main address (SPEC §9 address types).
  const kept = address
    ? { type: address.type, region: address.region, companyName: address.companyName, companyOIB: address.companyOIB }
    : {};
  const body = { address: { type: "main", ...kept, ...(readForm(form, ADDRESS_FORM_FIELDS).address as object) } };
  const parsed = addressBody.safeParse(body);
  if (!parsed.success) {
    return data<AddressActionData>({ fieldErrors: fieldErrors(parsed.error.issues, t), formError: null, values }, { status: 400 });
  }
  const { platform } = await sessionOf(args.context);
  const result = address
    ? await platform.call(api.user.updateAddress, { params: { id: address.id }, body: parsed.data })
    : await platform.call(api.user.createAddress, { body: parsed.data });
  if (!result.ok) {
    if (result.status === 404) throw failurePage(result, t);
    return data<AddressActionData>(
      { fieldErrors: failureFields(result), formError: failureText(result, t), values },
      { status: failureStatus(result) },
    );
  }
  throw redirect(`${localizedPath("profile", locale)}?done=addressSaved#addresses`);
}
