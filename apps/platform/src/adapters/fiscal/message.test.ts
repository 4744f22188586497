import { describe, expect, it } from "vitest";
import { createTestCertificate } from "./certificate.ts";
import { trustFrom } from "./cis.ts";
import { sampleReceipt } from "./fiscal.fixtures.ts";
import { MessageError, racunZahtjev, signElement, soapEnvelope, textOf, verifyElement } from "./message.ts";

const shop = createTestCertificate({ oib: "12345678903", commonName: "FISKAL TEST", password: "x" }).opened;
const stranger = createTestCertificate({ oib: "69435151530", commonName: "FISKAL OTHER", password: "x" }).opened;
const trustShop = trustFrom([shop.certificate], () => new Date());
const ZKI = "9c7fc3a94c37141dc831e4c4ef08ac81";

function signedRequest(hash: "sha256" | "sha1" = "sha256", receipt = sampleReceipt({ buyerOib: "69435151530" })): string {
  const xml = racunZahtjev(receipt, {
    zki: ZKI,
    late: true,
    messageId: "0f3c1b9e-2a4d-4c5e-8f6a-7b8c9d0e1f2a",
    sentAt: new Date("2026-07-15T16:45:00Z"),
  });
  return soapEnvelope(signElement(xml, "RacunZahtjev", shop, hash, "exclusive"));
}

describe("RacunZahtjev", () => {
  it("carries the receipt in the schema's order, the ZKI and the late-delivery mark", () => {
    const { element } = verifyElement(signedRequest(), "RacunZahtjev", trustShop);
    const racun = element.getElementsByTagNameNS("http://www.apis-it.hr/fin/2012/types/f73", "Racun")[0] as Element;
    const names = Array.from(racun.childNodes)
      .filter((n) => n.nodeType === 1)
      .map((n) => (n as Element).localName);
    expect(names).toEqual([
      "Oib",
      "USustPdv",
      "DatVrijeme",
      "OznSlijed",
      "BrRac",
      "Pdv",
      "IznosUkupno",
      "NacinPlac",
      "OibOper",
      "ZastKod",
      "NakDost",
      "OibPrimateljaRacuna",
    ]);
    expect(textOf(racun, "DatVrijeme")).toBe("15.07.2026T18:44:22");
    expect(textOf(racun, "Stopa")).toBe("25.00");
    expect(textOf(racun, "Osnovica")).toBe("98.76");
    expect(textOf(racun, "IznosUkupno")).toBe("123.45");
    expect(textOf(racun, "ZastKod")).toBe(ZKI);
    expect(textOf(racun, "NakDost")).toBe("true");
    expect(textOf(element, "DatumVrijeme")).toBe("15.07.2026T18:45:00");
  });

  it("is signed enveloped, exclusive c14n, with the configured hash and the certificate in KeyInfo", () => {
    const xml = signedRequest();
    expect(xml).toContain('Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"');
    expect(xml).toContain('Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"');
    expect(xml).toContain('<Reference URI="#RacunZahtjev">');
    expect(xml).toContain(`<X509Certificate>${shop.certificate.raw.toString("base64")}</X509Certificate>`);
    expect(xml).toContain("<X509SerialNumber>");
    const sha1 = signedRequest("sha1");
    expect(sha1).toContain('Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"');
    expect(verifyElement(sha1, "RacunZahtjev", trustShop).certificate.fingerprint256).toBe(shop.certificate.fingerprint256);
  });

  it("does not verify once a signed value is changed", () => {
    const tampered = signedRequest().replace("<tns:IznosUkupno>123.45<", "<tns:IznosUkupno>1.45<");
    expect(() => verifyElement(tampered, "RacunZahtjev", trustShop)).toThrow(MessageError);
  });

  it("does not verify a signature made by a certificate that is not trusted", () => {
    const forged = soapEnvelope(
      signElement(racunZahtjev(sampleReceipt(), { zki: ZKI, late: false }), "RacunZahtjev", stranger, "sha256", "exclusive"),
    );
    expect(() => verifyElement(forged, "RacunZahtjev", trustShop)).toThrow(/not trusted/);
  });

  it("refuses a second, unsigned copy of the element beside the signed one", () => {
    const signed = signedRequest();
    const copy = racunZahtjev(sampleReceipt({ totalCents: 1 }), { zki: ZKI, late: false });
    const wrapped = signed.replace("<soapenv:Body>", `<soapenv:Body>${copy}`);
    expect(() => verifyElement(wrapped, "RacunZahtjev", trustShop)).toThrow(/expected once/);
  });
});
