import { describe, expect, it } from "vitest";
import { createTestCertificate } from "./certificate.ts";
import { EMULATOR_ISSUER, parseFiscalConfig } from "./config.ts";
import { sampleReceipt } from "./fiscal.fixtures.ts";
import { createFiscal, FiscalError } from "./index.ts";
import { racunZahtjev, signElement, soapEnvelope } from "./message.ts";
import type { Fetch } from "./port.ts";

const TIMEOUT_MS = 150;
const config = parseFiscalConfig({}, { production: false, publicUrl: "http://localhost:3000" });

/** The shop's adapter and the emulator, reached in process as the server does. */
function setUp(tamper: { request?: (xml: string) => string; answer?: (xml: string) => string } = {}) {
  let app: { request: (url: string, init: RequestInit) => Response | Promise<Response> } | undefined;
  const inProcess: Fetch = async (url, init) => {
    const body = tamper.request ? tamper.request(String(init.body)) : init.body;
    const res = await app?.request(url.replace("http://localhost:3000/__emulator/cis", ""), { ...init, body });
    if (!res) throw new Error("no emulator");
    return tamper.answer ? new Response(tamper.answer(await res.text()), { status: res.status }) : res;
  };
  const { fiscalizer, emulator } = createFiscal(config, { fetch: inProcess, timeoutMs: TIMEOUT_MS, hangMs: TIMEOUT_MS * 3 });
  if (!fiscalizer || !emulator) throw new Error("the emulator's configuration makes both");
  app = emulator.app;
  return { fiscalizer, emulator };
}

async function failure(promise: Promise<unknown>): Promise<FiscalError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FiscalError);
  return err as FiscalError;
}

describe("the adapter against the CIS emulator", () => {
  it("receives a JIR for a receipt whose signature and ZKI check, and CIS holds it once", async () => {
    const { fiscalizer, emulator } = setUp();
    const receipt = sampleReceipt({ buyerOib: "69435151530" });
    const zki = fiscalizer.zki(receipt);
    const { jir } = await fiscalizer.deliver(receipt, { zki, late: false });
    expect(jir).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(emulator.registered).toEqual([
      { jir, zki, oib: EMULATOR_ISSUER.oib, number: "123/WEB1/1", totalCents: 12345, late: false, buyerOib: "69435151530" },
    ]);
  });

  it("is refused (s004, not to be retried) when the request's signature was tampered with or made by an unknown certificate", async () => {
    const { fiscalizer, emulator } = setUp({ request: (xml) => xml.replace(">123.45<", ">1.45<") });
    const receipt = sampleReceipt();
    const zki = fiscalizer.zki(receipt);
    const stranger = createTestCertificate({ oib: EMULATOR_ISSUER.oib, commonName: "FISKAL STRANGER", password: "x" }).opened;
    const signed = soapEnvelope(signElement(racunZahtjev(receipt, { zki, late: false }), "RacunZahtjev", stranger, "sha256", "exclusive"));
    const refused = await (await emulator.app.request("/FiskalizacijaService", { method: "POST", body: signed })).text();
    expect(refused).toContain("<tns:SifraGreske>s004</tns:SifraGreske>");

    const err = await failure(fiscalizer.deliver(receipt, { zki, late: false }));
    expect(err).toMatchObject({ code: "s004", retryable: false });
    expect(emulator.registered).toEqual([]);
  });

  it("refuses a ZKI that is not the receipt's", async () => {
    const { fiscalizer, emulator } = setUp();
    const err = await failure(fiscalizer.deliver(sampleReceipt(), { zki: "0".repeat(32), late: false }));
    expect(err).toMatchObject({ code: "s004", retryable: false });
    expect(emulator.registered).toEqual([]);
  });

  it("reports a time-out as retryable, and the late delivery (NakDost) then registers the receipt once", async () => {
    const { fiscalizer, emulator } = setUp();
    const receipt = sampleReceipt();
    const zki = fiscalizer.zki(receipt);
    emulator.misbehave("timeout");
    const started = Date.now();
    const err = await failure(fiscalizer.deliver(receipt, { zki, late: false }));
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/did not answer within 150 ms/);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3);
    expect(emulator.registered).toEqual([]);
    const { jir } = await fiscalizer.deliver(receipt, { zki, late: true });
    expect(emulator.registered).toEqual([expect.objectContaining({ jir, zki, late: true })]);
  });

  it("maps CIS's refusals: s006 may be retried, any other code may not", async () => {
    const { fiscalizer, emulator } = setUp();
    const receipt = sampleReceipt();
    const zki = fiscalizer.zki(receipt);
    emulator.misbehave("refuse");
    emulator.misbehave("refuse", { code: "s005" });
    expect(await failure(fiscalizer.deliver(receipt, { zki, late: false }))).toMatchObject({ code: "s006", retryable: true });
    expect(await failure(fiscalizer.deliver(receipt, { zki, late: false }))).toMatchObject({ code: "s005", retryable: false });
    expect(emulator.registered).toEqual([]);
    await fiscalizer.deliver(receipt, { zki, late: true });
    expect(emulator.registered).toHaveLength(1);
  });

  it("answers twice when its first answer comes too late: the shop times out, resends late and keeps the second JIR", async () => {
    const { fiscalizer, emulator } = setUp();
    const receipt = sampleReceipt();
    const zki = fiscalizer.zki(receipt);
    emulator.misbehave("answer-twice");
    expect((await failure(fiscalizer.deliver(receipt, { zki, late: false }))).retryable).toBe(true);
    const { jir } = await fiscalizer.deliver(receipt, { zki, late: true });
    expect(emulator.registered.map((r) => [r.zki, r.late])).toEqual([
      [zki, false],
      [zki, true],
    ]);
    expect(emulator.registered[1]?.jir).toBe(jir);
    expect(emulator.registered[0]?.jir).not.toBe(jir);
  });

  it("does not take a JIR from an answer whose signature does not verify (retryable: CIS may not have it)", async () => {
    const { fiscalizer, emulator } = setUp({ answer: (xml) => xml.replace(/<tns:Jir>(.)/, (_, c) => `<tns:Jir>${c === "a" ? "b" : "a"}`) });
    const receipt = sampleReceipt();
    const err = await failure(fiscalizer.deliver(receipt, { zki: fiscalizer.zki(receipt), late: false }));
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/does not verify/);
    expect(emulator.registered).toHaveLength(1);
  });

  it("takes an answer that is not XML (a proxy's error page) as retryable", async () => {
    const { fiscalizer } = setUp({ answer: () => "<html><body>502 Bad Gateway" });
    const receipt = sampleReceipt();
    const err = await failure(fiscalizer.deliver(receipt, { zki: fiscalizer.zki(receipt), late: false }));
    expect(err).toMatchObject({ retryable: true, code: null });
    expect(err.message).toMatch(/without XML/);
  });

  it("lets a developer choose the next behaviour over HTTP", async () => {
    const { fiscalizer, emulator } = setUp();
    const post = (body: unknown) =>
      emulator.app.request("/behaviour", { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
    expect((await post({ behaviour: "explode" })).status).toBe(400);
    expect((await post({ behaviour: "refuse", code: "s005" })).status).toBe(204);
    const receipt = sampleReceipt();
    expect(await failure(fiscalizer.deliver(receipt, { zki: fiscalizer.zki(receipt), late: false }))).toMatchObject({ code: "s005" });
    expect(await (await emulator.app.request("/receipts")).json()).toEqual([]);
  });
});
