import { randomUUID, type X509Certificate } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { Hono } from "hono";
import { escapeXml, parseDecimalCents } from "../payments/protocol.ts";
import { type FiscalCertificate, oibOfCertificate } from "./certificate.ts";
import { trustFrom } from "./cis.ts";
import { CIS_TIMEOUT_MS } from "./config.ts";
import { F73_NS, MessageError, parseXml, SOAP_NS, signElement, soapEnvelope, textOf, verifyElement } from "./message.ts";
import type { FiscalHash, FiscalPaymentMethod, FiscalReceipt } from "./port.ts";
import { cisDateTime, computeZki } from "./zki.ts";

/**
 * A local stand-in for CIS's FiskalizacijaService `racuni` operation, so development and tests run
 * the real adapter without a FINA certificate. It checks what CIS checks that we can (the XML
 * signature, the certificate's OIB, and, holding the shop's test key, the ZKI), answers a signed
 * RacunOdgovor with a JIR, and misbehaves on request. The error codes are CIS's as we read them
 * (s004 wrong signature, s005 OIB not the certificate's, s006 system error); a wrong ZKI is
 * answered s004 too, our choice. Mounted at /__emulator/cis only when `FiscalConfig.env` is
 * "emulator"; it keeps what it registered in memory.
 */

export type CisBehaviour =
  /** Registers the receipt and answers its JIR. */
  | "normal"
  /** Never answers in time and registers nothing: CIS unreachable. */
  | "timeout"
  /** Answers with a CIS error code (s006 unless another is given). */
  | "refuse"
  /**
   * Registers the receipt, but its answer comes too late for the shop: the shop sends it again
   * (late) and gets a second answer, so CIS holds the receipt twice.
   */
  | "answer-twice";

const BEHAVIOURS: readonly CisBehaviour[] = ["normal", "timeout", "refuse", "answer-twice"];

export interface RegisteredReceipt {
  jir: string;
  zki: string;
  oib: string;
  /** BrOznRac/OznPosPr/OznNapUr. */
  number: string;
  totalCents: number;
  late: boolean;
  buyerOib: string | null;
}

export interface CisEmulatorOptions {
  /** Signs the emulator's answers; the shop trusts its certificate. */
  signer: FiscalCertificate;
  /** The shops' certificates it accepts, standing in for FINA's CA; their keys let it check ZKIs. */
  shops: readonly FiscalCertificate[];
  hash: FiscalHash;
  /** How long "timeout" and "answer-twice" keep the shop waiting; default beyond the adapter's time-out. */
  hangMs?: number;
}

export interface CisEmulator {
  app: Hono;
  /** The next `times` requests (default 1) behave so, then normal again. */
  misbehave(behaviour: CisBehaviour, options?: { times?: number; code?: string }): void;
  /** Every receipt it registered, in order. */
  readonly registered: readonly RegisteredReceipt[];
}

const MESSAGES: Record<string, string> = {
  s004: "Neispravan digitalni potpis.",
  s005: "OIB iz poruke zahtjeva nije jednak OIB-u iz certifikata.",
  s006: "Sistemska pogreška prilikom obrade zahtjeva.",
};

export function createCisEmulator(options: CisEmulatorOptions): CisEmulator {
  const hangMs = options.hangMs ?? CIS_TIMEOUT_MS + 5_000;
  const registered: RegisteredReceipt[] = [];
  const queue: { behaviour: CisBehaviour; code: string }[] = [];
  const trust = trustFrom(
    options.shops.map((s) => s.certificate),
    () => new Date(),
  );
  const keyOf = (certificate: X509Certificate) => options.shops.find((s) => s.certificate.fingerprint256 === certificate.fingerprint256);

  /** RacunOdgovor signed like CIS's: inclusive c14n over the whole SOAP message. */
  function answer(messageId: string, content: string): string {
    const body = `<tns:RacunOdgovor xmlns:tns="${F73_NS}" Id="RacunOdgovor"><tns:Zaglavlje><tns:IdPoruke>${escapeXml(messageId)}</tns:IdPoruke><tns:DatumVrijeme>${cisDateTime(new Date())}</tns:DatumVrijeme></tns:Zaglavlje>${content}</tns:RacunOdgovor>`;
    return signElement(soapEnvelope(body), "RacunOdgovor", options.signer, options.hash, "inclusive");
  }
  const refusal = (messageId: string, code: string) =>
    answer(
      messageId,
      `<tns:Greske><tns:Greska><tns:SifraGreske>${escapeXml(code)}</tns:SifraGreske><tns:PorukaGreske>${escapeXml(MESSAGES[code] ?? "Greška.")}</tns:PorukaGreske></tns:Greska></tns:Greske>`,
    );

  /** Checks a RacunZahtjev; a receipt to register, or the CIS code to refuse it with. */
  function check(xml: string): { messageId: string } & ({ receipt: RegisteredReceipt } | { code: string }) {
    let messageId = "";
    try {
      messageId = textOf(parseXml(xml).documentElement as Element, "IdPoruke") ?? "";
      const { element, certificate } = verifyElement(xml, "RacunZahtjev", trust);
      const racun = element.getElementsByTagNameNS(F73_NS, "Racun")[0] as Element;
      const field = (name: string) => textOf(racun, name) ?? "";
      const oib = field("Oib");
      if (oibOfCertificate(certificate) !== oib) return { messageId, code: "s005" };
      // A storno receipt's total is negative.
      const total = field("IznosUkupno");
      const magnitude = parseDecimalCents(total.replace(/^-/, ""));
      if (magnitude === null) return { messageId, code: "s004" };
      const totalCents = total.startsWith("-") ? -magnitude : magnitude;
      const receipt: FiscalReceipt = {
        oib,
        vatRegistered: field("USustPdv") === "true",
        issuedAt: parseCisDateTime(field("DatVrijeme")),
        number: { sequence: Number(field("BrOznRac")), premise: field("OznPosPr"), device: field("OznNapUr") },
        vat: [],
        totalCents,
        paymentMethod: field("NacinPlac") as FiscalPaymentMethod,
        operatorOib: field("OibOper"),
      };
      const key = keyOf(certificate);
      const zki = field("ZastKod");
      if (!key || computeZki(receipt, key.privateKey, options.hash) !== zki) return { messageId, code: "s004" };
      return {
        messageId,
        receipt: {
          jir: randomUUID(),
          zki,
          oib,
          number: `${field("BrOznRac")}/${field("OznPosPr")}/${field("OznNapUr")}`,
          totalCents,
          late: field("NakDost") === "true",
          buyerOib: textOf(racun, "OibPrimateljaRacuna"),
        },
      };
    } catch (err) {
      if (err instanceof MessageError) return { messageId, code: "s004" };
      throw err;
    }
  }

  const app = new Hono();
  app.post("/FiskalizacijaService", async (c) => {
    const xml = await c.req.text();
    const next = queue.shift() ?? { behaviour: "normal", code: "s006" };
    const xmlAnswer = (text: string) => c.body(text, 200, { "Content-Type": "text/xml; charset=utf-8" });
    if (next.behaviour === "timeout") {
      await sleep(hangMs);
      return c.body(null, 504);
    }
    let checked: ReturnType<typeof check>;
    try {
      checked = check(xml);
    } catch {
      return c.body(
        `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_NS}"><soapenv:Body><soapenv:Fault><faultcode>soapenv:Client</faultcode><faultstring>s001: Poruka nije u skladu s XML shemom.</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>`,
        500,
        { "Content-Type": "text/xml; charset=utf-8" },
      );
    }
    if ("code" in checked) return xmlAnswer(refusal(checked.messageId, checked.code));
    if (next.behaviour === "refuse") return xmlAnswer(refusal(checked.messageId, next.code));
    registered.push(checked.receipt);
    if (next.behaviour === "answer-twice") await sleep(hangMs);
    return xmlAnswer(answer(checked.messageId, `<tns:Jir>${checked.receipt.jir}</tns:Jir>`));
  });

  // A developer's way to make it misbehave, and to see what it holds.
  app.post("/behaviour", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { behaviour?: string; times?: number; code?: string };
    const behaviour = BEHAVIOURS.find((b) => b === body.behaviour);
    if (!behaviour) return c.json({ error: `behaviour must be one of ${BEHAVIOURS.join(", ")}` }, 400);
    emulator.misbehave(behaviour, { times: body.times, code: body.code });
    return c.body(null, 204);
  });
  app.get("/receipts", (c) => c.json(registered));

  const emulator: CisEmulator = {
    app,
    misbehave(behaviour, { times = 1, code = "s006" } = {}) {
      for (let i = 0; i < times; i++) queue.push({ behaviour, code });
    },
    registered,
  };
  return emulator;
}

/** `dd.MM.yyyyTHH:mm:ss` in Zagreb time back to an instant (the ZKI needs only its text, which this keeps). */
function parseCisDateTime(text: string): Date {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})T(\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) throw new MessageError(`DatVrijeme: ${text}`);
  const [, day, month, year, hour, minute, second] = m.map(Number) as number[];
  // Zagreb is UTC+1 or UTC+2: try both and keep the one that reads back the same.
  for (const offset of [1, 2]) {
    const at = new Date(Date.UTC(year as number, (month as number) - 1, day, (hour as number) - offset, minute, second));
    if (cisDateTime(at) === text) return at;
  }
  throw new MessageError(`DatVrijeme: ${text} is not a time in Zagreb`);
}
