import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, randomBytes, X509Certificate } from "node:crypto";
import forge from "node-forge";

/**
 * The business's FINA "Fiskal" certificate, opened from its PKCS#12 file. Node can hand a .p12 to
 * TLS but cannot take the key out of it, which the ZKI and the XML signature need: node-forge reads
 * the file, node:crypto does the signing.
 */
export interface FiscalCertificate {
  privateKey: KeyObject;
  certificate: X509Certificate;
}

/** The file cannot be opened with the password, or holds no key with its certificate. */
export class CertificateError extends Error {
  override name = "CertificateError";
}

export function openPkcs12(pfx: Buffer, password: string): FiscalCertificate {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(pfx.toString("binary"))), password);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (/mac|password|decrypt/i.test(reason)) throw new CertificateError("the password does not open it");
    throw new CertificateError(`not a PKCS#12 file (${reason})`);
  }
  const bags = (type: string | undefined) => (type ? (p12.getBags({ bagType: type })[type] ?? []) : []);
  const key = [...bags(forge.pki.oids.pkcs8ShroudedKeyBag), ...bags(forge.pki.oids.keyBag)].find((bag) => bag.key)?.key;
  if (!key) throw new CertificateError("holds no private key");
  const privateKey = createPrivateKey(forge.pki.privateKeyToPem(key));
  const publicDer = createPublicKey(privateKey).export({ type: "spki", format: "der" });
  // A FINA file also carries the issuing CAs: the certificate is the one whose key this is.
  for (const bag of bags(forge.pki.oids.certBag)) {
    if (!bag.cert) continue;
    const certificate = new X509Certificate(forge.pki.certificateToPem(bag.cert));
    if (certificate.publicKey.export({ type: "spki", format: "der" }).equals(publicDer)) return { privateKey, certificate };
  }
  throw new CertificateError("holds no certificate for its private key");
}

/**
 * A self-signed certificate in a PKCS#12 file, made at run time for the CIS emulator and the tests
 * (never a certificate CIS accepts). Its subject names the OIB the way FINA's do (O, and the OIB as
 * organizationIdentifier-like serialNumber), so the emulator can compare it with the message.
 */
export function createTestCertificate(options: { oib: string; commonName: string; password: string }): {
  pfx: Buffer;
  opened: FiscalCertificate;
} {
  const { privateKey: pem } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const key = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A positive serial in minimal DER: the first byte's high bit clear and the byte not zero (a
  // leading zero byte, or an odd number of hex digits, makes OpenSSL refuse the certificate).
  const serial = randomBytes(8);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;
  cert.serialNumber = serial.toString("hex");
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  const subject = [
    { shortName: "C", value: "HR" },
    { shortName: "O", value: `TEST ${options.oib}` },
    { name: "serialNumber", value: options.oib },
    { shortName: "CN", value: options.commonName },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], options.password, { algorithm: "3des" });
  const pfx = Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
  return { pfx, opened: { privateKey: createPrivateKey(pem), certificate: new X509Certificate(forge.pki.certificateToPem(cert)) } };
}

/** The OIB a certificate names in its subject (FINA: `serialNumber` or `O=... OIB`), or null. */
export function oibOfCertificate(certificate: X509Certificate): string | null {
  return /\b(\d{11})\b/.exec(certificate.subject)?.[1] ?? null;
}
