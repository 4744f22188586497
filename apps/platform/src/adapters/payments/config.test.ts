import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMULATOR_CREDENTIALS, PaymentConfigError, parsePaymentsConfig } from "./config.ts";

const freshClone = { production: true, publicUrl: "http://localhost:3000" };
const publicShop = { production: true, publicUrl: "https://www.autopraonica-zagreb.hr" };
const development = { production: false, publicUrl: "https://staging.autopraonica-zagreb.hr" };

const CORVUS = { CORVUS_STORE_ID: "4321", CORVUS_SECRET: "corvus-secret" };

/** The one-line message the start stops with. */
function refusal(env: Record<string, string>, shop = freshClone): string {
  try {
    parsePaymentsConfig(env, shop);
  } catch (err) {
    expect(err).toBeInstanceOf(PaymentConfigError);
    const message = (err as Error).message;
    expect(message.split("\n")).toHaveLength(1);
    return message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe("which payment provider a shop talks to", () => {
  it("sends a fresh clone's card payments to the CorvusPay emulator on its own address", () => {
    expect(parsePaymentsConfig({}, freshClone)).toEqual({
      provider: "corvus",
      env: "emulator",
      ...EMULATOR_CREDENTIALS.corvus,
      checkoutUrl: "http://localhost:3000/__emulator/corvus/checkout/",
      apiUrl: "http://localhost:3000/__emulator/corvus/",
    });
    expect(parsePaymentsConfig({ PAYMENT_PROVIDER: "monri" }, { production: true, publicUrl: "http://127.0.0.1:4100" })).toMatchObject({
      env: "emulator",
      baseUrl: "http://127.0.0.1:4100/__emulator/monri",
    });
    expect(parsePaymentsConfig({ PAYMENT_PROVIDER: "wspay", PAYMENT_ENV: "" }, development)).toMatchObject({
      env: "emulator",
      formUrl: "https://staging.autopraonica-zagreb.hr/__emulator/wspay",
    });
  });

  it("never lets a public production shop take payments through the emulator", () => {
    expect(refusal({}, publicShop)).toBe(
      "PAYMENT_PROVIDER: a production shop at https://www.autopraonica-zagreb.hr cannot take card payments through the built-in emulator; set CORVUS_STORE_ID and CORVUS_SECRET, or PAYMENT_PROVIDER=none",
    );
    expect(refusal({ ...CORVUS, PAYMENT_ENV: "emulator" }, publicShop)).toMatch(/^PAYMENT_ENV: a production shop/);
  });

  it("sells without card payment when told so, even in production", () => {
    expect(parsePaymentsConfig({ PAYMENT_PROVIDER: "none" }, publicShop)).toEqual({ provider: "none" });
  });

  it("talks to the provider's production hosts in production and its test hosts otherwise", () => {
    expect(parsePaymentsConfig(CORVUS, publicShop)).toEqual({
      provider: "corvus",
      env: "production",
      storeId: "4321",
      secret: "corvus-secret",
      checkoutUrl: "https://wallet.corvuspay.com/checkout/",
      apiUrl: "https://cps.corvus.hr/",
    });
    expect(parsePaymentsConfig(CORVUS, development)).toMatchObject({
      env: "test",
      checkoutUrl: "https://wallet.test.corvuspay.com/checkout/",
    });
    expect(parsePaymentsConfig({ ...CORVUS, PAYMENT_ENV: "test" }, publicShop)).toMatchObject({
      env: "test",
      apiUrl: "https://testcps.corvus.hr/",
    });
    expect(parsePaymentsConfig({ PAYMENT_PROVIDER: "monri", MONRI_AUTHENTICITY_TOKEN: "tok", MONRI_KEY: "key" }, publicShop)).toEqual({
      provider: "monri",
      env: "production",
      authenticityToken: "tok",
      key: "key",
      baseUrl: "https://ipg.monri.com",
      wallet: false,
    });
    expect(
      parsePaymentsConfig({ PAYMENT_PROVIDER: "monri", MONRI_AUTHENTICITY_TOKEN: "tok", MONRI_KEY: "key", MONRI_WALLET: "on" }, publicShop),
    ).toMatchObject({ wallet: true });
    expect(parsePaymentsConfig({ PAYMENT_PROVIDER: "monri" }, development)).toMatchObject({ env: "emulator", wallet: true });
    expect(parsePaymentsConfig({ PAYMENT_PROVIDER: "monri", MONRI_WALLET: "off" }, development)).toMatchObject({ wallet: false });
    expect(parsePaymentsConfig({ PAYMENT_PROVIDER: "wspay", WSPAY_SHOP_ID: "MYSHOP", WSPAY_SECRET: "s" }, development)).toEqual({
      provider: "wspay",
      env: "test",
      shopId: "MYSHOP",
      secret: "s",
      formUrl: "https://formtest.wspay.biz",
      apiUrl: "https://test.wspay.biz",
    });
  });

  it("names the variable of a bad or partial set", () => {
    expect(refusal({ PAYMENT_PROVIDER: "paypal" })).toMatch(/^PAYMENT_PROVIDER: must be none, corvus, monri or wspay$/);
    expect(refusal({ PAYMENT_ENV: "staging" })).toMatch(/^PAYMENT_ENV: /);
    expect(refusal({ CORVUS_STORE_ID: "4321" })).toBe("CORVUS_SECRET: must be set together with CORVUS_STORE_ID");
    expect(refusal({ CORVUS_STORE_ID: "shop-7", CORVUS_SECRET: "x" })).toMatch(/^CORVUS_STORE_ID: /);
    expect(refusal({ PAYMENT_PROVIDER: "monri", MONRI_KEY: "key" })).toBe("MONRI_AUTHENTICITY_TOKEN: must be set together with MONRI_KEY");
    expect(refusal({ PAYMENT_PROVIDER: "wspay", WSPAY_SECRET: " " })).toMatch(/^WSPAY_SECRET: /);
    expect(refusal({ PAYMENT_PROVIDER: "monri", MONRI_WALLET: "yes" })).toBe("MONRI_WALLET: must be on or off");
    expect(refusal({ MONRI_WALLET: "on" })).toMatch(/^MONRI_WALLET: is set, but PAYMENT_PROVIDER is corvus/);
    expect(refusal({ PAYMENT_ENV: "production" })).toBe("PAYMENT_ENV: production needs CORVUS_STORE_ID and CORVUS_SECRET");
    expect(refusal({ CORVUS_CERT_PASSWORD: "pw", ...CORVUS })).toBe("CORVUS_CERT_PASSWORD: is set without CORVUS_CERT");
    expect(refusal({ CORVUS_CERT: "/tmp/x.p12" })).toBe("CORVUS_CERT: is set without CORVUS_STORE_ID and CORVUS_SECRET");
  });

  it("refuses another provider's credentials instead of ignoring them", () => {
    expect(refusal({ MONRI_KEY: "key", MONRI_AUTHENTICITY_TOKEN: "tok" })).toBe(
      "MONRI_AUTHENTICITY_TOKEN: is set, but PAYMENT_PROVIDER is corvus (set PAYMENT_PROVIDER=monri, or remove it)",
    );
    expect(refusal({ PAYMENT_PROVIDER: "none", WSPAY_SECRET: "s" })).toMatch(/^WSPAY_SECRET: is set, but PAYMENT_PROVIDER is none/);
  });
});

describe("CorvusPay client certificate", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "corvus-p12-"));
    const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "shop.key", "-out", "shop.crt", "-days", "2", "-subj", "/CN=shop");
    openssl("pkcs12", "-export", "-inkey", "shop.key", "-in", "shop.crt", "-out", "shop.p12", "-passout", "pass:right");
    writeFileSync(join(dir, "not.p12"), "not a certificate");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("loads a certificate that opens with its password", () => {
    const config = parsePaymentsConfig({ ...CORVUS, CORVUS_CERT: join(dir, "shop.p12"), CORVUS_CERT_PASSWORD: "right" }, publicShop);
    expect(config.provider === "corvus" && config.certificate?.pfx.length).toBeGreaterThan(1000);
    expect(config.provider === "corvus" && config.certificate?.password).toBe("right");
  });

  it("stops on a missing file, a wrong password and a file that is no certificate", () => {
    expect(refusal({ ...CORVUS, CORVUS_CERT: join(dir, "missing.p12") }, publicShop)).toBe(
      `CORVUS_CERT: ${join(dir, "missing.p12")} cannot be read (ENOENT)`,
    );
    expect(refusal({ ...CORVUS, CORVUS_CERT: join(dir, "shop.p12"), CORVUS_CERT_PASSWORD: "wrong" }, publicShop)).toBe(
      "CORVUS_CERT_PASSWORD: does not open CORVUS_CERT",
    );
    expect(refusal({ ...CORVUS, CORVUS_CERT: join(dir, "not.p12") }, publicShop)).toMatch(
      /^CORVUS_CERT: .*not\.p12 is not a PKCS#12 file Node can open/,
    );
  });
});
