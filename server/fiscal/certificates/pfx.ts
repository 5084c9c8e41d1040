import { createPrivateKey, generateKeyPairSync, randomBytes, X509Certificate } from "node:crypto";
import forge from "node-forge";

/**
 * A1 certificates (contract §13): the `.pfx` (PKCS#12) a company buys from an ICP-Brasil
 * authority, read with node-forge — it reads both the modern encryption (PBES2/AES, what
 * OpenSSL 3 writes) and the legacy one (RC2-40/3DES, still what many A1 files are), which
 * Node's own TLS refuses. What is kept is the private key and the certificate as PEM.
 */

/** ICP-Brasil's otherName for the holder company's CNPJ (DOC-ICP-04). */
const CNPJ_OID = "2.16.76.1.3.3";
const SAN_OID = "2.5.29.17";

export interface A1Certificate {
  keyPem: string;
  certificatePem: string;
  /** The subject's common name without its ":CNPJ" tail. */
  holderName: string;
  /** 14 digits, from the ICP-Brasil otherName, else the common name's "NAME:CNPJ"; null when neither says. */
  holderCnpj: string | null;
  serialNumber: string;
  validFrom: Date;
  validUntil: Date;
}

export type PfxProblem = "unreadable" | "wrong_password" | "no_key";

export class PfxError extends Error {
  constructor(
    readonly problem: PfxProblem,
    message: string,
  ) {
    super(message);
  }
}

function parsePkcs12(bytes: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString("binary")), false);
  } catch {
    throw new PfxError("unreadable", "the file is not a PKCS#12 (.pfx/.p12) certificate");
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/password|mac/i.test(message)) throw new PfxError("wrong_password", "the password does not open the certificate");
    throw new PfxError("unreadable", "the file is not a PKCS#12 (.pfx/.p12) certificate");
  }
}

const SHROUDED_KEY_BAG = "1.2.840.113549.1.12.10.1.2";
const KEY_BAG = "1.2.840.113549.1.12.10.1.1";
const CERT_BAG = "1.2.840.113549.1.12.10.1.3";

function bagsOf(pkcs12: forge.pkcs12.Pkcs12Pfx, bagType: string): forge.pkcs12.Bag[] {
  return pkcs12.getBags({ bagType })[bagType] ?? [];
}

/** The CNPJ in the certificate's ICP-Brasil otherName (2.16.76.1.3.3), read from the SAN's DER. */
function otherNameCnpj(certificate: forge.pki.Certificate): string | null {
  const extension = certificate.extensions.find((candidate: { id?: string }) => candidate.id === SAN_OID) as { value?: string } | undefined;
  if (!extension?.value) return null;
  let names: forge.asn1.Asn1;
  try {
    names = forge.asn1.fromDer(extension.value);
  } catch {
    return null;
  }
  for (const name of Array.isArray(names.value) ? names.value : []) {
    // otherName ::= [0] { type-id OID, value [0] EXPLICIT ANY }
    if (name.tagClass !== forge.asn1.Class.CONTEXT_SPECIFIC || name.type !== 0 || !Array.isArray(name.value)) continue;
    const [oid, wrapped] = name.value;
    if (!oid || typeof oid.value !== "string" || forge.asn1.derToOid(oid.value) !== CNPJ_OID) continue;
    const inner = wrapped && Array.isArray(wrapped.value) ? wrapped.value[0] : undefined;
    const text = inner && typeof inner.value === "string" ? inner.value : "";
    const digits = text.replace(/\D/g, "");
    if (digits.length === 14) return digits;
  }
  return null;
}

/** Reads an A1 `.pfx`: its key and end-entity certificate, the holder and the validity. */
export function readPfx(bytes: Buffer, password: string): A1Certificate {
  const pkcs12 = parsePkcs12(bytes, password);
  const keyBags = [...bagsOf(pkcs12, SHROUDED_KEY_BAG), ...bagsOf(pkcs12, KEY_BAG)];
  const key = keyBags.find((bag) => bag.key)?.key;
  if (!key) throw new PfxError("no_key", "the file holds no private key");
  const keyPem = forge.pki.privateKeyToPem(key);
  const publicKeyPem = createPrivateKey(keyPem).export({ format: "pem", type: "pkcs1" });
  const certificates = bagsOf(pkcs12, CERT_BAG).flatMap((bag) => (bag.cert ? [bag.cert] : []));
  // The end-entity certificate is the one whose public key is the key's (the file may carry the chain).
  const modulus = (key as forge.pki.rsa.PrivateKey).n;
  const certificate = certificates.find((candidate) => (candidate.publicKey as forge.pki.rsa.PublicKey).n?.equals(modulus));
  if (!certificate || !publicKeyPem) throw new PfxError("no_key", "the file holds no certificate for its key");
  const commonName = String(certificate.subject.getField("CN")?.value ?? "");
  const [namePart, cnpjPart] = commonName.split(":");
  const fromName = cnpjPart && /^\d{14}$/.test(cnpjPart.trim()) ? cnpjPart.trim() : null;
  return {
    keyPem,
    certificatePem: forge.pki.certificateToPem(certificate),
    holderName: (namePart ?? commonName).trim(),
    holderCnpj: otherNameCnpj(certificate) ?? fromName,
    serialNumber: certificate.serialNumber,
    validFrom: certificate.validity.notBefore,
    validUntil: certificate.validity.notAfter,
  };
}

/** The certificate's body in base64, as XMLDSig's X509Certificate carries it. */
export function certificateBase64(certificatePem: string): string {
  return new X509Certificate(certificatePem).raw.toString("base64");
}

export interface TestCertificateOptions {
  cnpj: string;
  name: string;
  password: string;
  validFrom?: Date;
  validUntil?: Date;
  /** The legacy PKCS#12 encryption (3DES) many ICP-Brasil files still use; default the modern AES. */
  legacy?: boolean;
}

/**
 * A self-signed A1-like certificate as a `.pfx`: the subject "NAME:CNPJ" and the ICP-Brasil
 * otherName, like a real e-CNPJ, issued by itself ("TESTE - SEM VALOR"): good for signing and
 * verifying here (the demo company's, the tests'), never accepted by a SEFAZ.
 */
export function makeTestPfx(options: TestCertificateOptions): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const forgeKey = forge.pki.privateKeyFromPem(privateKey.export({ format: "pem", type: "pkcs1" }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ format: "pem", type: "spki" }).toString());
  certificate.serialNumber = `01${randomBytes(8).toString("hex")}`;
  const validFrom = options.validFrom ?? new Date();
  certificate.validity.notBefore = validFrom;
  certificate.validity.notAfter = options.validUntil ?? new Date(validFrom.getTime() + 365 * 24 * 3600 * 1000);
  // As ICP-Brasil names are written: capitals without accents or typographic marks (forge writes Latin-1 only).
  const name = options.name
    .normalize("NFD")
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\x20-\x7e]/g, "")
    .toUpperCase();
  const subject = [
    { name: "commonName", value: `${name}:${options.cnpj}` },
    { name: "organizationName", value: "ICP-Brasil TESTE - SEM VALOR FISCAL" },
    { name: "countryName", value: "BR" },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  const otherName = forge.asn1.create(forge.asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.OID, false, forge.asn1.oidToDer(CNPJ_OID).getBytes()),
    forge.asn1.create(forge.asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.OCTETSTRING, false, options.cnpj),
    ]),
  ]);
  const san = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SEQUENCE, true, [otherName]);
  certificate.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
    { id: SAN_OID, value: forge.asn1.toDer(san).getBytes() },
  ]);
  certificate.sign(forgeKey, forge.md.sha256.create());
  const pkcs12 = forge.pkcs12.toPkcs12Asn1(forgeKey, [certificate], options.password, {
    algorithm: options.legacy ? "3des" : "aes256",
    friendlyName: name,
  });
  return Buffer.from(forge.asn1.toDer(pkcs12).getBytes(), "binary");
}
