import { randomUUID, X509Certificate } from "node:crypto";
import { SignedXml } from "xml-crypto";
import { parseXml as parseOuterXml, XmlSyntaxError } from "../../shared/xml.ts";
import { escapeXml, formatCents } from "../payments/protocol.ts";
import type { FiscalCertificate } from "./certificate.ts";
import type { FiscalHash, FiscalReceipt } from "./port.ts";
import { cisAmount, cisDateTime } from "./zki.ts";

/**
 * The CIS F1 messages (FiskalizacijaSchema.xsd v1.10, reference D1): RacunZahtjev built by hand in
 * the schema's element order, signed enveloped with the business's certificate; RacunOdgovor read
 * only from what its signature covers. xml-crypto does the XML signature and c14n.
 */

export const F73_NS = "http://www.apis-it.hr/fin/2012/types/f73";
export const SOAP_NS = "http://schemas.xmlsoap.org/soap/envelope/";
const DSIG_NS = "http://www.w3.org/2000/09/xmldsig#";

const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const C14N = {
  exclusive: "http://www.w3.org/2001/10/xml-exc-c14n#",
  inclusive: "http://www.w3.org/TR/2001/REC-xml-c14n-20010315",
} as const;
const ALGORITHMS: Record<FiscalHash, { signature: string; digest: string }> = {
  sha1: { signature: "http://www.w3.org/2000/09/xmldsig#rsa-sha1", digest: "http://www.w3.org/2000/09/xmldsig#sha1" },
  sha256: { signature: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256", digest: "http://www.w3.org/2001/04/xmlenc#sha256" },
};

/** A message that is not XML, lacks what it must carry, or whose signature does not verify. */
export class MessageError extends Error {
  override name = "MessageError";
}

const el = (name: string, text: string) => `<tns:${name}>${escapeXml(text)}</tns:${name}>`;

/** The unsigned RacunZahtjev; its root's Id is what the signature references. */
export function racunZahtjev(receipt: FiscalReceipt, options: { zki: string; late: boolean; messageId?: string; sentAt?: Date }): string {
  const vat = receipt.vat.length
    ? `<tns:Pdv>${receipt.vat
        .map(
          (v) =>
            `<tns:Porez>${el("Stopa", formatCents(v.ratePercent * 100))}${el("Osnovica", cisAmount(v.baseCents))}${el("Iznos", cisAmount(v.vatCents))}</tns:Porez>`,
        )
        .join("")}</tns:Pdv>`
    : "";
  return [
    `<tns:RacunZahtjev xmlns:tns="${F73_NS}" Id="RacunZahtjev">`,
    `<tns:Zaglavlje>${el("IdPoruke", options.messageId ?? randomUUID())}${el("DatumVrijeme", cisDateTime(options.sentAt ?? new Date()))}</tns:Zaglavlje>`,
    "<tns:Racun>",
    el("Oib", receipt.oib),
    el("USustPdv", String(receipt.vatRegistered)),
    el("DatVrijeme", cisDateTime(receipt.issuedAt)),
    // Numbered per device (N), not per premise (P): each device of a premise has its own sequence.
    el("OznSlijed", "N"),
    `<tns:BrRac>${el("BrOznRac", String(receipt.number.sequence))}${el("OznPosPr", receipt.number.premise)}${el("OznNapUr", receipt.number.device)}</tns:BrRac>`,
    vat,
    el("IznosUkupno", cisAmount(receipt.totalCents)),
    el("NacinPlac", receipt.paymentMethod),
    el("OibOper", receipt.operatorOib),
    el("ZastKod", options.zki),
    el("NakDost", String(options.late)),
    receipt.buyerOib ? el("OibPrimateljaRacuna", receipt.buyerOib) : "",
    "</tns:Racun>",
    "</tns:RacunZahtjev>",
  ].join("");
}

export const soapEnvelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_NS}"><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;

const byLocalName = (name: string) => `//*[local-name(.)='${name}' and namespace-uri(.)='${F73_NS}']`;

/**
 * Signs the element `root` (its Id attribute is the reference) enveloped, with X509Certificate and
 * X509IssuerSerial in KeyInfo as CIS wants. Requests use exclusive c14n, so the signature survives
 * being put into the SOAP envelope; CIS's answers use inclusive c14n over the whole envelope.
 */
export function signElement(xml: string, root: string, signer: FiscalCertificate, hash: FiscalHash, c14n: keyof typeof C14N): string {
  const { certificate } = signer;
  const der = certificate.raw.toString("base64");
  const serial = BigInt(`0x${certificate.serialNumber}`).toString(10);
  const signed = new SignedXml({
    privateKey: signer.privateKey.export({ type: "pkcs8", format: "pem" }),
    signatureAlgorithm: ALGORITHMS[hash].signature,
    canonicalizationAlgorithm: C14N[c14n],
    getKeyInfoContent: () =>
      `<X509Data><X509Certificate>${der}</X509Certificate><X509IssuerSerial><X509IssuerName>${escapeXml(issuerName(certificate))}</X509IssuerName><X509SerialNumber>${serial}</X509SerialNumber></X509IssuerSerial></X509Data>`,
  });
  signed.addReference({ xpath: byLocalName(root), transforms: [ENVELOPED, C14N[c14n]], digestAlgorithm: ALGORITHMS[hash].digest });
  signed.computeSignature(xml, { location: { reference: byLocalName(root), action: "append" } });
  return signed.getSignedXml();
}

/** RFC 4514 order (most specific first), as XML-DSig writes an issuer. */
function issuerName(certificate: X509Certificate): string {
  return certificate.issuer.split("\n").reverse().join(",");
}

export function parseXml(xml: string): Document {
  try {
    return parseOuterXml(xml);
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw new MessageError(`not XML (${error.message})`);
    throw error;
  }
}

export interface Verified {
  /** The signed element, parsed again from exactly what the signature covers. */
  element: Element;
  certificate: X509Certificate;
}

/**
 * Verifies the enveloped signature of the element `root` in `xml` (a whole SOAP message) with the
 * certificate in its KeyInfo, after `trust` accepted that certificate. Reads nothing outside what
 * is signed, so a wrapped or moved element cannot slip in.
 */
export function verifyElement(xml: string, root: string, trust: (certificate: X509Certificate) => void): Verified {
  const doc = parseXml(xml);
  const elements = doc.getElementsByTagNameNS(F73_NS, root);
  if (elements.length !== 1) throw new MessageError(`${root}: expected once, found ${elements.length} times`);
  const target = elements[0] as Element;
  const signatures = Array.from(target.childNodes).filter(
    (n): n is Element => n.nodeType === 1 && (n as Element).localName === "Signature" && (n as Element).namespaceURI === DSIG_NS,
  );
  if (signatures.length !== 1) throw new MessageError(`${root}: no enveloped signature`);
  const signature = signatures[0] as Element;
  const der = signature.getElementsByTagNameNS(DSIG_NS, "X509Certificate")[0]?.textContent?.replace(/\s+/g, "");
  if (!der) throw new MessageError(`${root}: the signature carries no certificate`);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(Buffer.from(der, "base64"));
  } catch {
    throw new MessageError(`${root}: the signature's certificate is not X.509`);
  }
  trust(certificate);
  const verifier = new SignedXml({ publicCert: certificate.toString() });
  verifier.loadSignature(signature);
  let valid = false;
  try {
    valid = verifier.checkSignature(xml);
  } catch (err) {
    throw new MessageError(`${root}: signature does not verify (${err instanceof Error ? err.message : String(err)})`);
  }
  const references = verifier.getSignedReferences();
  if (!valid || references.length !== 1) throw new MessageError(`${root}: signature does not verify`);
  const id = target.getAttribute("Id");
  const uri = signature.getElementsByTagNameNS(DSIG_NS, "Reference")[0]?.getAttribute("URI");
  if (!id || uri !== `#${id}`) throw new MessageError(`${root}: the signature does not cover the whole message`);
  const element = parseXml(references[0] as string).documentElement as Element;
  if (element.localName !== root || element.namespaceURI !== F73_NS)
    throw new MessageError(`${root}: the signature covers another element`);
  return { element, certificate };
}

/** The text of the first descendant `name` in the F73 namespace, or null. */
export function textOf(parent: Element, name: string): string | null {
  return parent.getElementsByTagNameNS(F73_NS, name)[0]?.textContent?.trim() ?? null;
}

/** CIS's errors in a Greske list: code and message each. */
export function errorsOf(parent: Element): { code: string; message: string }[] {
  return Array.from(parent.getElementsByTagNameNS(F73_NS, "Greska")).map((g) => ({
    code: textOf(g as Element, "SifraGreske") ?? "",
    message: textOf(g as Element, "PorukaGreske") ?? "",
  }));
}
