import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { loopbackAlias, pageAddressAlias } from "./canonical-address.ts";

const at = (address: string, publicUrl: string) => loopbackAlias(new URL(address), new URL(publicUrl));

describe("a page opened under another name of this machine", () => {
  it("moves to PUBLIC_URL's name with its path and query", () => {
    expect(at("http://127.0.0.1:3000/naplata?x=1", "http://localhost:3000")).toBe("http://localhost:3000/naplata?x=1");
    expect(at("http://[::1]:3000/", "http://localhost:3000")).toBe("http://localhost:3000/");
    expect(at("http://localhost:3000/en/cart", "http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000/en/cart");
  });

  it("stays where it is under PUBLIC_URL's own name, on another port or scheme, or when either is not this machine", () => {
    expect(at("http://localhost:3000/", "http://localhost:3000")).toBeNull();
    expect(at("http://127.0.0.1:8080/", "http://localhost:3000")).toBeNull();
    expect(at("https://127.0.0.1:3000/", "http://localhost:3000")).toBeNull();
    expect(at("http://192.168.1.5:3000/", "http://localhost:3000")).toBeNull();
    expect(at("http://127.0.0.1:3000/", "https://shop.example.hr")).toBeNull();
  });

  it("moves only a page a browser opens: not an API call, a file, an image or a form post", () => {
    const publicUrl = new URL("http://localhost:3000");
    const request = (method: string, url: string, accept?: string) =>
      ({ method, url, headers: { host: "127.0.0.1:3000", ...(accept ? { accept } : {}) } }) as IncomingMessage;
    const page = "text/html,application/xhtml+xml,*/*;q=0.8";
    expect(pageAddressAlias(request("GET", "/prijava", page), publicUrl)).toBe("http://localhost:3000/prijava");
    expect(pageAddressAlias(request("HEAD", "/", page), publicUrl)).toBe("http://localhost:3000/");
    expect(pageAddressAlias(request("POST", "/prijava", page), publicUrl)).toBeNull();
    expect(pageAddressAlias(request("GET", "/api/v1/commons"), publicUrl)).toBeNull();
    expect(pageAddressAlias(request("GET", "/media/1/x.webp", "image/avif,image/webp,*/*"), publicUrl)).toBeNull();
  });
});
