import { randomUUID, type X509Certificate } from "node:crypto";
import { request as httpsRequest } from "node:https";
import { rootCertificates } from "node:tls";
import type { FiscalCertificate } from "./certificate.ts";
import {
  errorsOf,
  F73_NS,
  MessageError,
  parseXml,
  racunZahtjev,
  SOAP_NS,
  signElement,
  soapEnvelope,
  textOf,
  verifyElement,
} from "./message.ts";
import { type Fetch, FiscalError, type FiscalHash, type Fiscalizer, type FiscalReceipt } from "./port.ts";
import { computeZki } from "./zki.ts";

/** The WSDL's soapAction of the `racuni` operation. */
const RACUNI_ACTION = "http://e-porezna.porezna-uprava.hr/fiskalizacija/2012/services/FiskalizacijaService/racuni";

/** CIS's own "system error, try again" (s006): the only refusal that sending again can cure. */
const RETRYABLE_CIS_CODES: ReadonlySet<string> = new Set(["s006"]);

export interface CisOptions {
  /** The FiskalizacijaService address (reference D1: test or production, or the emulator's). */
  url: string;
  certificate: FiscalCertificate;
  /** What may sign CIS's answers: CIS's certificate itself or a CA that issues it. */
  trusted: readonly X509Certificate[];
  hash: FiscalHash;
  issuer: Fiscalizer["issuer"];
  /** How long to wait for an answer before the receipt goes to late delivery. */
  timeoutMs: number;
  fetch?: Fetch;
  now?: () => Date;
}

/**
 * Accepts a signing certificate that is one of `trusted` or issued by one, and valid now; throws
 * MessageError otherwise. CIS's answer must come from CIS, not from whoever answered the socket.
 */
export function trustFrom(trusted: readonly X509Certificate[], now: () => Date): (certificate: X509Certificate) => void {
  return (certificate) => {
    const at = now().getTime();
    if (at < Date.parse(certificate.validFrom) || at > Date.parse(certificate.validTo)) {
      throw new MessageError(`the signing certificate (${certificate.subject.replace(/\n/g, ", ")}) is not valid now`);
    }
    const accepted = trusted.some(
      (anchor) =>
        anchor.fingerprint256 === certificate.fingerprint256 || (certificate.checkIssued(anchor) && certificate.verify(anchor.publicKey)),
    );
    if (!accepted) throw new MessageError(`the signing certificate (${certificate.subject.replace(/\n/g, ", ")}) is not trusted`);
  };
}

/** A `fetch` over node:https that also trusts `ca` (FINA's CAs are not in Node's store). */
export function cisFetch(ca: readonly X509Certificate[]): Fetch {
  const roots = [...rootCertificates, ...ca.map((c) => c.toString())];
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const req = httpsRequest(url, {
        method: init.method ?? "POST",
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        ca: roots,
        signal: init.signal ?? undefined,
      });
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500 })));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(typeof init.body === "string" ? init.body : undefined);
    });
}

/** The adapter: the RacunZahtjev signed with the business's certificate, the JIR from a verified RacunOdgovor. */
export function cisFiscalizer(options: CisOptions): Fiscalizer {
  const fetcher = options.fetch ?? cisFetch(options.trusted);
  const now = options.now ?? (() => new Date());
  const trust = trustFrom(options.trusted, now);

  async function post(body: string): Promise<{ status: number; text: string }> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // Raced, not only aborted: an in-process emulator does not stop on the signal.
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new FiscalError(`CIS did not answer within ${options.timeoutMs} ms`, true));
      }, options.timeoutMs);
    });
    try {
      const exchange = (async () => {
        const res = await fetcher(options.url, {
          method: "POST",
          headers: { "Content-Type": "text/xml; charset=utf-8", SOAPAction: RACUNI_ACTION },
          body,
          signal: controller.signal,
        });
        return { status: res.status, text: await res.text() };
      })();
      return await Promise.race([exchange, timedOut]);
    } catch (err) {
      if (err instanceof FiscalError) throw err;
      throw new FiscalError(`CIS cannot be reached (${err instanceof Error ? err.message : String(err)})`, true);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    issuer: options.issuer,
    zki: (receipt) => computeZki(receipt, options.certificate.privateKey, options.hash),
    async deliver(receipt: FiscalReceipt, { zki, late }) {
      const messageId = randomUUID();
      const request = signElement(
        racunZahtjev(receipt, { zki, late, messageId, sentAt: now() }),
        "RacunZahtjev",
        options.certificate,
        options.hash,
        "exclusive",
      );
      const { status, text } = await post(soapEnvelope(request));
      let doc: Document;
      try {
        doc = parseXml(text);
      } catch {
        // Whatever answered, CIS may have the receipt: send it again, late.
        throw new FiscalError(`CIS answered ${status} without XML`, true);
      }
      const answer = doc.getElementsByTagNameNS(F73_NS, "RacunOdgovor")[0] as Element | undefined;
      if (!answer) {
        const fault = doc.getElementsByTagNameNS(SOAP_NS, "Fault")[0] as Element | undefined;
        const reason = fault?.getElementsByTagName("faultstring")[0]?.textContent?.trim();
        throw new FiscalError(`CIS answered ${status}: ${reason ?? "no RacunOdgovor"}`, status >= 500 && !fault);
      }
      // A refusal is read without trusting it: at worst a forged one delays the receipt.
      const errors = errorsOf(answer);
      const first = errors[0];
      if (first) {
        const message = errors.map((e) => `${e.code} ${e.message}`).join("; ");
        throw new FiscalError(`CIS refused the receipt: ${message}`, RETRYABLE_CIS_CODES.has(first.code), first.code);
      }
      let verified: Element;
      try {
        verified = verifyElement(text, "RacunOdgovor", trust).element;
      } catch (err) {
        // CIS may have the receipt, but we cannot know it: send it again later, late.
        throw new FiscalError(`CIS's answer does not verify: ${(err as Error).message}`, true);
      }
      if (textOf(verified, "IdPoruke") !== messageId) throw new FiscalError("CIS's answer is for another message", true);
      const jir = textOf(verified, "Jir");
      if (!jir || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(jir)) {
        throw new FiscalError("CIS's answer carries no JIR", true);
      }
      return { jir: jir.toLowerCase() };
    },
  };
}
