import type { RouterContextProvider } from "react-router";
import { shopContext } from "../../context.ts";
import { absoluteOrigin, providerFormOrigin } from "./provider-form.ts";

/** Lets this page's card-provider form post where it points (its origin joins the page's CSP form-action). */
export function allowProviderForm(context: Readonly<RouterContextProvider>, html: string): void {
  const origin = providerFormOrigin(html);
  if (origin) context.get(shopContext).csp.form.add(origin);
}

/** Lets the card wallet's script frame and call its provider (connect-src and frame-src). */
export function allowWallet(context: Readonly<RouterContextProvider>, scriptUrl: string): void {
  const origin = absoluteOrigin(scriptUrl);
  if (!origin) return;
  const { csp } = context.get(shopContext);
  csp.connect.add(origin);
  csp.frame.add(origin);
}
