import { DOMParser } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";
import { certificateBase64 } from "../certificates/pfx";

/**
 * XMLDSig as SEFAZ requires it (MOC "Padrão de Assinatura Digital"; fiscal notes §3.3):
 * enveloped, placed right after the signed element inside its parent, one Reference to its
 * `Id`, C14N 2001-03-15 (inclusive, without comments), RSA-SHA1 over a SHA-1 digest, and the
 * end-entity certificate alone in KeyInfo/X509Data. The NF-e signs `infNFe`, an event
 * `infEvento`.
 */
const C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const RSA_SHA1 = "http://www.w3.org/2000/09/xmldsig#rsa-sha1";
const SHA1 = "http://www.w3.org/2000/09/xmldsig#sha1";

export interface SigningKey {
  keyPem: string;
  certificatePem: string;
}

export function signXml(xml: string, signed: "infNFe" | "infEvento", key: SigningKey): string {
  const signer = new SignedXml({
    privateKey: key.keyPem,
    publicCert: key.certificatePem,
    signatureAlgorithm: RSA_SHA1,
    canonicalizationAlgorithm: C14N,
  });
  signer.addReference({ xpath: `//*[local-name(.)='${signed}']`, transforms: [ENVELOPED, C14N], digestAlgorithm: SHA1 });
  // Exactly the one certificate, as the schema's X509Data wants it.
  signer.getKeyInfoContent = () => `<X509Data><X509Certificate>${certificateBase64(key.certificatePem)}</X509Certificate></X509Data>`;
  signer.computeSignature(xml, { location: { reference: `//*[local-name(.)='${signed}']`, action: "after" } });
  return signer.getSignedXml();
}

/**
 * Whether the document's signature holds for its own embedded certificate (and, with
 * `certificatePem`, is that certificate's): the digest of the signed element and the
 * signature over SignedInfo.
 */
export function verifySignature(xml: string, certificatePem?: string): boolean {
  const document = new DOMParser().parseFromString(xml, "text/xml");
  const signature = document.getElementsByTagNameNS("http://www.w3.org/2000/09/xmldsig#", "Signature")[0];
  const embedded = document.getElementsByTagNameNS("http://www.w3.org/2000/09/xmldsig#", "X509Certificate")[0]?.textContent;
  if (!signature || !embedded) return false;
  if (certificatePem && certificateBase64(certificatePem) !== embedded.replace(/\s/g, "")) return false;
  const pem = `-----BEGIN CERTIFICATE-----\n${embedded.replace(/\s/g, "").replace(/(.{64})/g, "$1\n")}\n-----END CERTIFICATE-----\n`;
  const verifier = new SignedXml({ publicCert: pem });
  verifier.loadSignature(signature.toString());
  try {
    return verifier.checkSignature(xml);
  } catch {
    return false;
  }
}
