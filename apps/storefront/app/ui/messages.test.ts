import { describe, expect, it } from "vitest";
import { loadedMessages, loadMessages, translatorOf } from "./messages.ts";

describe("messages in the browser", () => {
  it("has hr at once and loads another language only when a page asks for it", async () => {
    expect(loadedMessages("hr")?.["cart.title"]).toBe("Košarica");
    expect(loadedMessages("en")).toBeUndefined();
    const en = await loadMessages("en");
    expect(loadedMessages("en")).toBe(en);
    expect(loadedMessages("de")).toBeUndefined();
  });

  it("translates in the page's language, falling back to hr as the server does", async () => {
    const en = translatorOf(await loadMessages("en"));
    const de = translatorOf(await loadMessages("de"));
    expect(en("cart.title")).toBe("Cart");
    expect(de("cart.title")).toBe("Warenkorb");
    // Only Croatian has a 'few' plural form.
    expect(en("search.results.few", { count: 3, query: "vosak" })).toBe("Pronađena su 3 rezultata za „vosak”.");
    expect(en("no.such.key")).toBe("[missing: no.such.key]");
  });
});
