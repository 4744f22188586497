import { describe, expect, it } from "vitest";
import { isExternalHttpUrl, isSafeImageSrc, isSafeLink } from "./safe-links.ts";

/** Addresses that run script, show another site's content as ours, or hide a scheme from a reader. */
const UNSAFE_ADDRESSES = [
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "\u0000javascript:alert(1)",
  "javascript&colon;alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "data:image/svg+xml,<svg onload=alert(1)>",
  "vbscript:msgbox(1)",
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "https://planoporavka.gov.hr@evil.example/",
  "https://evil",
  "http:evil.example",
  "ftp://evil.example",
  "file:///etc/passwd",
  "blob:https://evil.example/x",
  "kontakt",
  "/kon takt",
];

describe("the one rule for stored links and pictures", () => {
  it("takes the site's paths and files, anchors, http(s) addresses, mailto: and tel:", () => {
    for (const ok of [
      "/",
      "/kontakt",
      "/en/price-list?part=karta#cijene",
      "/logo.svg",
      `/media/1/3b0c8c1e-0f7e-4c59-9a51-1d7e2f3a4b5c/MediumSize/cjenik.pdf/${"a".repeat(64)}`,
      "#cjenik",
      "https://planoporavka.gov.hr",
      "http://www.example.com/a?b=c",
      "mailto:info@autopraonica.hr",
      "mailto:info@autopraonica.hr?subject=Termin",
      "tel:+38510000000",
    ]) {
      expect(isSafeLink(ok), ok).toBe(true);
    }
  });

  it("refuses script, data and other schemes, other hosts in disguise, and hidden characters", () => {
    for (const bad of [...UNSAFE_ADDRESSES, "", "#", "mailto:", "tel:abc", "https://"])
      expect(isSafeLink(bad), JSON.stringify(bad)).toBe(false);
  });

  it("takes pictures from the site or http(s) only", () => {
    expect(isSafeImageSrc("/samples/dark.svg")).toBe(true);
    expect(isSafeImageSrc("https://cdn.example.com/a.webp")).toBe(true);
    for (const bad of [...UNSAFE_ADDRESSES, "mailto:a@b.hr", "tel:+3851", "#x"])
      expect(isSafeImageSrc(bad), JSON.stringify(bad)).toBe(false);
    expect(isExternalHttpUrl("https://localhost")).toBe(false);
  });
});
