import { describe, expect, it } from "vitest";
import { PROVIDER_FORM_ID, providerFormOrigin, withProviderFormId } from "./provider-form.ts";

const FORM = `<form method="post" action="https://pay.example.com/v2/form?x=1&amp;y=2"><input type="hidden" name="amount" value="20.00"></form>`;

describe("the card provider's form", () => {
  it("gets our id ahead of one of its own, so the button outside it sends it", () => {
    expect(withProviderFormId(FORM)).toMatch(new RegExp(`^<form id="${PROVIDER_FORM_ID}" method="post"`));
    expect(withProviderFormId(`<FORM id="theirs" action="/x">`)).toBe(`<form id="${PROVIDER_FORM_ID}" id="theirs" action="/x">`);
  });

  it("names the origin it posts to, and none for this site, a relative address or a script URL", () => {
    expect(providerFormOrigin(FORM, "https://shop.example")).toBe("https://pay.example.com");
    expect(providerFormOrigin(`<form action='https://pay.example.com:8443/p'>`, "https://shop.example")).toBe(
      "https://pay.example.com:8443",
    );
    expect(providerFormOrigin(`<form method="post" action="/api/pay">`, "https://shop.example")).toBeNull();
    expect(providerFormOrigin(`<form action="https://shop.example/pay">`, "https://shop.example")).toBeNull();
    expect(providerFormOrigin(`<form action="javascript:alert(1)">`, "https://shop.example")).toBeNull();
    expect(providerFormOrigin("<p>no form</p>", "https://shop.example")).toBeNull();
  });
});
