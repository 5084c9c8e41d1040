import type { Db } from "../../db/scoped";
import { recordAudit } from "../../audit/service";
import { AppError } from "../../errors";
import type { CompanyCertificate } from "../../generated/prisma/client";
import { decrypt, encrypt } from "../../lib/encryption";
import { isUuid } from "../../lib/ids";
import { readPfx, PfxError, type A1Certificate } from "./pfx";
import { EXPIRY_WARNING_DAYS, type CertificateUpload, type CompanyCertificateJson } from "./schemas";

/**
 * A company's A1 certificate (contract §13). The private key is sealed with
 * APP_ENCRYPTION_KEY (AES-256-GCM) before it is written and opened only to sign; the
 * password opens the file once and is dropped. Answers, logs and the audit carry the
 * holder, serial and validity only.
 */
const DAY = 24 * 3600 * 1000;

export function certificateJson(row: CompanyCertificate, now = new Date()): CompanyCertificateJson {
  const daysLeft = Math.floor((row.valid_until.getTime() - now.getTime()) / DAY);
  return {
    company_id: row.company_id,
    holder_name: row.holder_name,
    holder_cnpj: row.holder_cnpj,
    serial_number: row.serial_number,
    valid_from: row.valid_from.toISOString(),
    valid_until: row.valid_until.toISOString(),
    days_left: daysLeft,
    expiring: daysLeft < EXPIRY_WARNING_DAYS,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function companyOf(db: Db, id: string) {
  const company = isUuid(id)
    ? await db.company.findUnique({ where: { id }, select: { id: true, name: true, fiscal_registration_number: true } })
    : null;
  if (!company) throw AppError.notFound("Company");
  return company;
}

const audited = (certificate: CompanyCertificateJson) => ({
  holder_name: certificate.holder_name,
  holder_cnpj: certificate.holder_cnpj,
  serial_number: certificate.serial_number,
  valid_until: certificate.valid_until,
});

export async function getCertificate(db: Db, companyId: string): Promise<CompanyCertificateJson> {
  await companyOf(db, companyId);
  const row = await db.companyCertificate.findUnique({
    where: { organization_id_company_id: { organization_id: db.$organizationId, company_id: companyId } },
  });
  if (!row) throw AppError.notFound("Certificate");
  return certificateJson(row);
}

/** Opens the file: 422 naming `password` or `pfx` when it cannot be read, holds no key, is another CNPJ's or not valid now. */
export function openCertificate(input: CertificateUpload, companyCnpj: string, now = new Date()): A1Certificate {
  let a1: A1Certificate;
  try {
    a1 = readPfx(Buffer.from(input.pfx, "base64"), input.password);
  } catch (error) {
    if (!(error instanceof PfxError)) throw error;
    throw AppError.invalid(error.problem === "wrong_password" ? "password" : "pfx", error.message, error.problem);
  }
  if (a1.holderCnpj !== companyCnpj) {
    throw new AppError("validation_failed", `pfx: the certificate is ${a1.holderCnpj ?? "of no CNPJ"}, not the company's ${companyCnpj}`, {
      errors: [{ path: "pfx", message: "the certificate is not the company's CNPJ", code: "other_holder" }],
      params: { holder_cnpj: a1.holderCnpj, company_cnpj: companyCnpj },
    });
  }
  if (a1.validUntil.getTime() <= now.getTime()) {
    throw new AppError("validation_failed", `pfx: the certificate expired on ${a1.validUntil.toISOString()}`, {
      errors: [{ path: "pfx", message: "the certificate has expired", code: "expired" }],
      params: { valid_until: a1.validUntil.toISOString() },
    });
  }
  if (a1.validFrom.getTime() > now.getTime()) {
    throw new AppError("validation_failed", `pfx: the certificate is valid only from ${a1.validFrom.toISOString()}`, {
      errors: [{ path: "pfx", message: "the certificate is not valid yet", code: "not_yet_valid" }],
      params: { valid_from: a1.validFrom.toISOString() },
    });
  }
  return a1;
}

/** PUT /companies/{id}/certificate: takes (or replaces) the company's A1. */
export async function setCertificate(db: Db, companyId: string, input: CertificateUpload): Promise<CompanyCertificateJson> {
  const company = await companyOf(db, companyId);
  const a1 = openCertificate(input, company.fiscal_registration_number);
  const key = { organization_id: db.$organizationId, company_id: companyId };
  const before = await db.companyCertificate.findUnique({ where: { organization_id_company_id: key } });
  const data = {
    holder_name: a1.holderName,
    holder_cnpj: a1.holderCnpj!,
    serial_number: a1.serialNumber,
    valid_from: a1.validFrom,
    valid_until: a1.validUntil,
    sealed_key: encrypt(a1.keyPem),
    certificate_pem: a1.certificatePem,
  };
  const row = await db.companyCertificate.upsert({
    where: { organization_id_company_id: key },
    create: { organization_id: db.$organizationId, company_id: companyId, ...data },
    update: data,
  });
  const answer = certificateJson(row);
  await recordAudit(db, {
    action: "set_certificate",
    entity: "company",
    entityId: companyId,
    label: company.name,
    ...(before ? { before: audited(certificateJson(before)) } : {}),
    after: audited(answer),
  });
  return answer;
}

/** DELETE /companies/{id}/certificate. */
export async function removeCertificate(db: Db, companyId: string): Promise<void> {
  const company = await companyOf(db, companyId);
  const key = { organization_id: db.$organizationId, company_id: companyId };
  const row = await db.companyCertificate.findUnique({ where: { organization_id_company_id: key } });
  if (!row) throw AppError.notFound("Certificate");
  await db.companyCertificate.delete({ where: { organization_id_company_id: key } });
  await recordAudit(db, {
    action: "remove_certificate",
    entity: "company",
    entityId: companyId,
    label: company.name,
    before: audited(certificateJson(row)),
  });
}

/** The key and certificate to sign with (the key opened here, in memory only): 422 naming `company_id` when there is none or it expired. */
export async function signingKeyOf(db: Db, companyId: string, now = new Date()) {
  const row = await db.companyCertificate.findUnique({
    where: { organization_id_company_id: { organization_id: db.$organizationId, company_id: companyId } },
  });
  if (!row)
    throw AppError.invalid("company_id", "the company has no A1 certificate: send it to PUT /companies/{id}/certificate", "no_certificate");
  if (row.valid_until.getTime() <= now.getTime())
    throw AppError.invalid("company_id", "the company's A1 certificate has expired", "certificate_expired");
  return { keyPem: decrypt(row.sealed_key), certificatePem: row.certificate_pem };
}
