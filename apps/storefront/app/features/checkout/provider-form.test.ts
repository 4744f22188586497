import { describe, expect, it } from "vitest";
import { PROVIDER_FORM_ID, providerFormOrigin, withProviderFormId } from "./provider-form.ts";

const FORM = `<form method="post" action="https://pay.example.com/v2/form?x=1&amp;y=2"><input type="hidden" name="amount" value="20.00"></form>`;

describe("the card provider's form", () => {
  it("gets our id ahead of one of its own, so the button outside it sends it", () => {
    expect(withProviderFormId(FORM)).toMatch(new RegExp(`^<form id="${PROVIDER_FORM_ID}" method="post"`));
    expect(withProviderFormId(`<FORM id="theirs" action="/x">`)).toBe(`<form id="${PROVIDER_FORM_ID}" id="theirs" action="/x">`);
  });

  it("names the origin it posts to, the shop's own address too (a visitor may use another), and none for a relative address or a script URL", () => {
    expect(providerFormOrigin(FORM)).toBe("https://pay.example.com");
    expect(providerFormOrigin(`<form action='https://pay.example.com:8443/p'>`)).toBe("https://pay.example.com:8443");
    expect(providerFormOrigin(`<form action="http://localhost:3000/__emulator/corvus/checkout/">`)).toBe("http://localhost:3000");
    expect(providerFormOrigin(`<form method="post" action="/api/pay">`)).toBeNull();
    expect(providerFormOrigin(`<form action="javascript:alert(1)">`)).toBeNull();
    expect(providerFormOrigin("<p>no form</p>")).toBeNull();
  });
});
