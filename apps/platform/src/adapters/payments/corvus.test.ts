import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TLSSocket } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { certificateFetch, corvusProvider, corvusSignature, corvusTimestamp } from "./corvus.ts";
import { type IncomingRequest, type PaymentRequest, PaymentSignatureError } from "./provider.ts";

const SECRET = "test-secret";
const corvus = corvusProvider({
  storeId: "123",
  secret: SECRET,
  checkoutUrl: "https://wallet.test.corvuspay.com/checkout/",
  apiUrl: "https://testcps.corvus.hr/",
});

const request: PaymentRequest = {
  orderNumber: "2026-000123",
  amountCents: 1234,
  currency: "EUR",
  language: "hr",
  description: "Pranje Premium x1",
  customer: { firstName: "Ivan", lastName: "Horvat", email: "ivan@example.hr", country: "HR" },
  urls: { success: "https://shop.test/ok", cancel: "https://shop.test/cancel", callback: "https://shop.test/cb" },
};

const post = (fields: Record<string, string>): IncomingRequest => ({
  method: "POST",
  url: "https://shop.test/payment/corvus/success",
  headers: new Headers({ "Content-Type": "application/x-www-form-urlencoded" }),
  rawBody: new TextEncoder().encode(new URLSearchParams(fields).toString()),
});

/** A success POST as CorvusPay signs it: HMAC-SHA256 over the sorted key+value pairs. */
function signedSuccess(fields: Record<string, string>): Record<string, string> {
  const data = Object.keys(fields)
    .sort()
    .map((k) => k + fields[k])
    .join("");
  return { ...fields, signature: createHmac("sha256", SECRET).update(data).digest("hex") };
}

describe("CorvusPay form", () => {
  it("matches the golden vector", () => {
    // Self-computed from the documented formula (reference B1): CorvusPay publishes no vector.
    const fields = {
      version: "1.4",
      store_id: "123",
      order_number: "2026-000123",
      language: "hr",
      currency: "EUR",
      amount: "12.34",
      cart: "Pranje Premium x1",
      require_complete: "false",
    };
    expect(corvusSignature(fields, SECRET)).toBe("1ee936f65f803ac64d5338f4ed2bf85805e9d15ccd1f99fd9b59a99d72aaae46");
  });

  it("posts the signed checkout fields, with the cardholder's optional ones only when known", () => {
    const form = corvus.hostedForm(request);
    expect(form.action).toBe("https://wallet.test.corvuspay.com/checkout/");
    expect(form.fields).toMatchObject({
      version: "1.4",
      store_id: "123",
      order_number: "2026-000123",
      amount: "12.34",
      currency: "EUR",
      cart: "Pranje Premium x1",
      require_complete: "false",
      cardholder_name: "Ivan",
      cardholder_country_code: "HR",
    });
    expect(form.fields).not.toHaveProperty("cardholder_phone");
    const { signature, ...signed } = form.fields;
    expect(signature).toBe(corvusSignature(signed, SECRET));
  });

  it("refuses requests CorvusPay would refuse", () => {
    expect(() => corvus.hostedForm({ ...request, orderNumber: "a/b" })).toThrow(RangeError);
    expect(() => corvus.hostedForm({ ...request, orderNumber: "x".repeat(37) })).toThrow(RangeError);
    expect(() => corvus.hostedForm({ ...request, amountCents: 12.5 })).toThrow(RangeError);
    expect(() => corvus.hostedForm({ ...request, description: "x".repeat(256) })).toThrow(RangeError);
  });
});

describe("CorvusPay return", () => {
  const success = signedSuccess({ order_number: "2026-000123", language: "hr", approval_code: "123456" });

  it("takes a signed success as paid", () => {
    expect(corvus.verifyReturn(post(success))).toEqual({
      kind: "paid",
      orderNumber: "2026-000123",
      amountCents: null,
      currency: null,
      approvalCode: "123456",
      transactionId: null,
    });
  });

  it("reads a signed amount exactly when CorvusPay sends one", () => {
    const evidence = corvus.verifyReturn(post(signedSuccess({ order_number: "A1", approval_code: "1", amount: "1.15", currency: "EUR" })));
    expect(evidence).toMatchObject({ kind: "paid", amountCents: 115, currency: "EUR" });
  });

  it("takes the unsigned order number of the cancel URL as a cancel nobody signed, not as the provider's word", () => {
    expect(corvus.verifyReturn(post({ order_number: "2026-000123" }))).toMatchObject({
      kind: "unsigned_cancel",
      orderNumber: "2026-000123",
    });
  });

  it("refuses tampered fields, wrong signatures, a signature of another length and missing fields", () => {
    const cases: Record<string, string>[] = [
      { ...success, approval_code: "654321" },
      { ...success, order_number: "2026-000124" },
      { ...success, extra: "1" },
      { ...success, signature: "0".repeat(64) },
      { ...success, signature: success.signature?.slice(0, 40) ?? "" },
      { ...success, signature: "" },
      { order_number: "2026-000123", approval_code: "123456" },
      Object.fromEntries(Object.entries(success).filter(([k]) => k !== "order_number")),
      signedSuccess({ order_number: "A1", approval_code: "1", amount: "1,2,3" }),
    ];
    for (const fields of cases) expect(() => corvus.verifyReturn(post(fields)), JSON.stringify(fields)).toThrow(PaymentSignatureError);
    expect(() => corvus.verifyReturn({ ...post(success), method: "GET" })).toThrow(PaymentSignatureError);
  });

  it("has no callback to verify", () => {
    expect(corvus.hasCallback).toBe(false);
    expect(() => corvus.verifyCallback(post(success))).toThrow(PaymentSignatureError);
  });
});

describe("CorvusPay status API", () => {
  it("stamps requests in Zagreb time", () => {
    expect(corvusTimestamp(new Date(Date.UTC(2026, 0, 15, 23, 20, 30)))).toBe("20260116002030");
    expect(corvusTimestamp(new Date(Date.UTC(2026, 6, 1, 8, 5, 9)))).toBe("20260701100509");
  });
});

describe("CorvusPay client certificate", () => {
  let dir: string;
  let server: Server;
  let url: string;
  let pfx: Buffer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "corvus-tls-"));
    const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
    const key = (name: string, cn: string) =>
      openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", `${name}.key`, "-out", `${name}.csr`, "-subj", `/CN=${cn}`);
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt", "-days", "2", "-subj", "/CN=test ca");
    for (const [name, cn] of [
      ["server", "127.0.0.1"],
      ["client", "shop"],
    ] as const) {
      key(name, cn);
      openssl(
        "x509",
        "-req",
        "-in",
        `${name}.csr`,
        "-CA",
        "ca.crt",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-out",
        `${name}.crt`,
        "-days",
        "2",
      );
    }
    openssl("pkcs12", "-export", "-inkey", "client.key", "-in", "client.crt", "-out", "client.p12", "-passout", "pass:p12-password");
    pfx = readFileSync(join(dir, "client.p12"));
    server = createServer(
      {
        key: readFileSync(join(dir, "server.key")),
        cert: readFileSync(join(dir, "server.crt")),
        ca: readFileSync(join(dir, "ca.crt")),
        requestCert: true,
        rejectUnauthorized: false,
      },
      (req, res) => {
        const socket = req.socket as TLSSocket;
        let body = "";
        req.on("data", (chunk: Buffer) => {
          body += chunk.toString();
        });
        req.on("end", () => {
          res.writeHead(socket.authorized ? 200 : 401, { "Content-Type": "text/plain" });
          res.end(`${socket.getPeerCertificate().subject?.CN ?? "none"} ${req.method} ${body}`);
        });
      },
    );
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/status`;
    // Node does not know the test CA that signed the server; CorvusPay's own certificate is public.
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  });

  afterAll(async () => {
    delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    await new Promise((done) => server.close(done));
    rmSync(dir, { recursive: true, force: true });
  });

  it("presents the PKCS#12 certificate that the API checks against its CA", async () => {
    const send = certificateFetch({ pfx, password: "p12-password" });
    const res = await send(url, {
      method: "POST",
      body: "order_number=A1",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(await res.text()).toBe("shop POST order_number=A1");
    expect(res.status).toBe(200);
  });
});
