import { describe, expect, it } from "vitest";
import { cookieNames, readCookie, serializeCookie } from "./cookies.server.ts";

const withCookie = (cookie: string) => new Request("http://shop.test/", { headers: { cookie } });

describe("cookies", () => {
  it("ignores a value that does not decode, and still reads the others", () => {
    const request = withCookie("accessToken=%; cartId=%zz; protectCode=abc%20def; acceptedCookies=necessary%2Canalytics");
    expect(readCookie(request, "accessToken")).toBeUndefined();
    expect(readCookie(request, "cartId")).toBeUndefined();
    expect(readCookie(request, "protectCode")).toBe("abc def");
    expect(readCookie(request, "acceptedCookies")).toBe("necessary,analytics");
    expect(cookieNames(request)).toContain("acceptedCookies");
  });

  it("writes site-wide, Lax, httpOnly by default, Secure on https, and a removal with Max-Age=0", () => {
    expect(serializeCookie("cartNotice", '{"kind":"ok","text":"Dodano, hvala!"}', true, { maxAge: 60 })).toBe(
      "cartNotice=%7B%22kind%22%3A%22ok%22%2C%22text%22%3A%22Dodano%2C%20hvala!%22%7D; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax",
    );
    expect(serializeCookie("acceptedCookies", "necessary", false, { maxAge: 0, httpOnly: false })).toBe(
      "acceptedCookies=necessary; Max-Age=0; Path=/; SameSite=Lax",
    );
  });

  it("round-trips what it writes", () => {
    const value = '{"kind":"error","text":"Šifra \\"X\\" ne postoji; 100 %"}';
    const header = serializeCookie("cartNotice", value, false).split(";")[0] ?? "";
    expect(readCookie(withCookie(header), "cartNotice")).toBe(value);
  });
});
