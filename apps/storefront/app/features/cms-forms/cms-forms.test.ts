import type { ConsentView, FormFieldDefinition } from "@shop/contracts";
import { translator } from "@shop/i18n";
import { describe, expect, it } from "vitest";
import { checkDefinedForm, formFieldErrors, readDefinedFields } from "./cms-form-values.ts";
import { ownPath } from "./own-path.ts";

const SITE = "https://autopraonica.example";

describe("ownPath (double opt-in goals stay on the site)", () => {
  it("keeps internal paths and absolute URLs of our own origin, as paths", () => {
    expect(ownPath("/objave", SITE)).toBe("/objave");
    expect(ownPath("/media/demo/brosura.pdf?v=2#s", SITE)).toBe("/media/demo/brosura.pdf?v=2#s");
    expect(ownPath(`${SITE}/en/blog`, SITE)).toBe("/en/blog");
    expect(ownPath("/a/../kontakt", SITE)).toBe("/kontakt");
  });

  it("refuses other hosts and schemes, however they are spelled", () => {
    for (const goal of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example/x",
      "javascript:alert(1)",
      "data:text/html,x",
      "kontakt",
      "http://autopraonica.example.evil.example/",
      "https://autopraonica.example:8443/",
    ]) {
      expect(ownPath(goal, SITE), goal).toBeNull();
    }
  });
});

const fields: FormFieldDefinition[] = [
  { name: "name", type: "text", label: "Ime", required: true, maxLength: 10 },
  { name: "email", type: "email", label: "E-mail", required: true },
  { name: "size", type: "select", label: "Pakiranje", required: false, options: [{ value: "1l", label: "1 l" }] },
  { name: "terms", type: "checkbox", label: "Uvjeti", required: true },
  { name: "news", type: "checkbox", label: "Novosti", required: false },
];
const consents: ConsentView[] = [
  { id: 7, uniqueNumber: "privacy", displayName: "Privatnost", required: true },
  { id: 8, uniqueNumber: "marketing", displayName: "Marketing", required: false },
];
const t = translator("hr");

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

describe("checkDefinedForm (the browser's and the action's check)", () => {
  it("reads text as typed and a checkbox only when ticked", () => {
    expect(readDefinedFields(form({ name: "Ana", terms: "on", extra: "x" }), fields)).toEqual({
      name: "Ana",
      email: "",
      size: "",
      terms: "on",
    });
  });

  it("answers the definition's values when everything required is there", () => {
    const checked = checkDefinedForm(form({ name: "Ana", email: "ana@example.hr", terms: "on", "consent.7": "on" }), fields, consents, t);
    expect(checked).toEqual({ ok: true, data: { name: "Ana", email: "ana@example.hr", size: "", terms: true, news: false } });
  });

  it("names every problem with SPEC §5 messages, the consents included", () => {
    const checked = checkDefinedForm(form({ name: "Predugačko ime", email: "x", size: "5l" }), fields, consents, t);
    expect(checked).toEqual({
      ok: false,
      errors: {
        name: "Maksimalna duljina je 10 znakova",
        email: "Unesite ispravnu e-mail adresu",
        size: "Neispravna vrijednost",
        terms: "Unos ovog polja je obavezan",
        "consent.7": t("core.notifications.consentRequired"),
      },
    });
  });
});

describe("formFieldErrors", () => {
  it("names the platform's field paths like the form's controls", () => {
    expect(formFieldErrors({ "data.email": "a", "consents.7": "b", captcha: "c", "data.email.x": "d" })).toEqual({
      email: "a",
      "consent.7": "b",
      captcha: "c",
      "email.x": "d",
    });
  });
});
