import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestCertificate } from "./certificate.ts";
import { EMULATOR_ISSUER, FiscalConfigError, parseFiscalConfig } from "./config.ts";

const freshClone = { production: true, publicUrl: "http://localhost:3000" };
const publicShop = { production: true, publicUrl: "https://www.autopraonica-zagreb.hr" };
const development = { production: false, publicUrl: "https://staging.autopraonica-zagreb.hr" };

function refusal(env: Record<string, string>, shop = freshClone): string {
  try {
    parseFiscalConfig(env, shop);
  } catch (err) {
    expect(err).toBeInstanceOf(FiscalConfigError);
    const message = (err as Error).message;
    expect(message.split("\n")).toHaveLength(1);
    return message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe("where a shop fiscalises its receipts", () => {
  let dir: string;
  let real: Record<string, string>;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "fiscal-config-"));
    const { pfx, opened } = createTestCertificate({ oib: "69435151530", commonName: "FISKAL 1", password: "right" });
    writeFileSync(join(dir, "fiskal.p12"), pfx);
    writeFileSync(join(dir, "cis.pem"), opened.certificate.toString());
    writeFileSync(join(dir, "empty.pem"), "no certificate here");
    real = {
      FISCAL_CERT: join(dir, "fiskal.p12"),
      FISCAL_CERT_PASSWORD: "right",
      FISCAL_CIS_CA: join(dir, "cis.pem"),
      FISCAL_OIB: "69435151530",
      FISCAL_PREMISE: "PRAONA1",
      FISCAL_DEVICE: "2",
    };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("uses the emulator on a shop only this machine reaches, and stops a public production shop", () => {
    expect(parseFiscalConfig({}, freshClone)).toEqual({
      mode: "cis",
      env: "emulator",
      url: "http://localhost:3000/__emulator/cis/FiskalizacijaService",
      hash: "sha256",
      issuer: { ...EMULATOR_ISSUER, operatorOib: EMULATOR_ISSUER.oib, vatRegistered: true },
    });
    expect(parseFiscalConfig({ FISCAL_HASH: "sha1" }, development)).toMatchObject({ env: "emulator", hash: "sha1" });
    expect(refusal({}, publicShop)).toMatch(/^FISCAL: a production shop at https:\/\/www\.autopraonica-zagreb\.hr cannot fiscalise/);
    expect(refusal({ FISCAL_ENV: "emulator" }, publicShop)).toMatch(/^FISCAL_ENV: a production shop/);
    expect(parseFiscalConfig({ FISCAL: "none" }, publicShop)).toEqual({ mode: "none" });
  });

  it("talks to CIS with the business's certificate: production on a production shop, else the test CIS", () => {
    const production = parseFiscalConfig(real, publicShop);
    expect(production).toMatchObject({
      mode: "cis",
      env: "production",
      url: "https://cis.porezna-uprava.hr:8449/FiskalizacijaService",
      issuer: { oib: "69435151530", operatorOib: "69435151530", premise: "PRAONA1", device: "2", vatRegistered: true },
    });
    expect(production.mode === "cis" && production.env !== "emulator" && production.trusted).toHaveLength(1);
    expect(parseFiscalConfig({ ...real, FISCAL_VAT_REGISTERED: "no", FISCAL_OPERATOR_OIB: "12345678903" }, development)).toMatchObject({
      env: "test",
      url: "https://cistest.apis-it.hr:8449/FiskalizacijaServiceTest",
      issuer: { operatorOib: "12345678903", vatRegistered: false },
    });
  });

  it("opens a PKCS#12 file made by OpenSSL 3 (AES, its default today)", () => {
    const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
    openssl(
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "o.key",
      "-out",
      "o.crt",
      "-days",
      "2",
      "-subj",
      "/CN=FISKAL 1/O=69435151530",
    );
    openssl("pkcs12", "-export", "-inkey", "o.key", "-in", "o.crt", "-out", "o.p12", "-passout", "pass:secret");
    const config = parseFiscalConfig({ ...real, FISCAL_CERT: join(dir, "o.p12"), FISCAL_CERT_PASSWORD: "secret" }, development);
    expect(config.mode === "cis" && config.env !== "emulator" && config.certificate.certificate.subject).toContain("FISKAL 1");
  });

  it("names the variable of a partial, wrong or unreadable set in one line", () => {
    expect(refusal({ FISCAL_OIB: "69435151530" })).toBe("FISCAL_CERT: must be set together with FISCAL_OIB");
    expect(refusal({ ...real, FISCAL_DEVICE: "" })).toMatch(/^FISCAL_DEVICE: must be set together with/);
    expect(refusal({ ...real, FISCAL_OIB: "12345678901" })).toMatch(/^FISCAL_OIB: must be an OIB/);
    expect(refusal({ ...real, FISCAL_OIB: "12345678903" })).toMatch(
      /^FISCAL_OIB: 12345678903 is not the OIB of FISCAL_CERT \(69435151530\)/,
    );
    expect(refusal({ ...real, FISCAL_CERT_PASSWORD: "wrong" })).toMatch(/^FISCAL_CERT_PASSWORD: .* the password does not open it/);
    expect(refusal({ ...real, FISCAL_CERT: join(dir, "cis.pem") })).toMatch(/^FISCAL_CERT: .* not a PKCS#12 file/);
    expect(refusal({ ...real, FISCAL_CERT: join(dir, "missing.p12") })).toMatch(/^FISCAL_CERT: .* cannot be read \(ENOENT\)/);
    expect(refusal({ ...real, FISCAL_CIS_CA: join(dir, "empty.pem") })).toMatch(/^FISCAL_CIS_CA: .* holds no PEM certificate/);
    expect(refusal({ FISCAL_ENV: "production" })).toMatch(/^FISCAL_ENV: production needs FISCAL_CERT/);
    expect(refusal({ FISCAL_HASH: "md5" })).toBe("FISCAL_HASH: must be sha256 or sha1");
    expect(refusal({ FISCAL_PREMISE: "web 1" })).toMatch(/^FISCAL_PREMISE: must be the premise's mark/);
    expect(refusal({ FISCAL: "none", FISCAL_OIB: "69435151530" })).toMatch(/^FISCAL_OIB: is set, but FISCAL is none/);
  });
});
