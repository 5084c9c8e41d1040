import { hashPassword } from "../auth/password";
import { normalizeEmail } from "../auth/service";
import { createOrderNumberSequence } from "../db/sql";
import { AppError } from "../errors";
import { searchText } from "../lib/search";
import type { PrismaClient } from "../generated/prisma/client";
import { createDefaultStatuses, type OrgLanguage } from "../settings/statuses/service";

const ADMIN_NAMES: Record<OrgLanguage, string> = { "pt-BR": "Administrador(a)", en: "Administrator" };

export interface NewOrganization {
  name: string;
  /** What the org's defaults are titled in (statuses, the first ADMIN's name); pt-BR unless told. */
  language?: OrgLanguage;
  /** The first ADMIN's password, or its hash when the caller already holds one (tests making many orgs). */
  admin: { name?: string; email: string } & ({ password: string } | { passwordHash: string });
  /** Owes demo data (server/organizations/demo-data.ts writes it after): marked in the transaction that creates the org. */
  demo?: boolean;
}

/** An org's columns once demo data is owed to it, dated from `now` (the history's dates count back from it). */
export function demoStart(now = new Date()) {
  return { demo_status: "RUNNING" as const, demo_step: 0, demo_started_at: now, demo_error: null };
}

/**
 * Creates an org with its first ADMIN in one transaction. Everything an org starts
 * with (default statuses, ...) is created here too, so the API, the CLI and the first
 * start make identical orgs.
 */
export async function createOrganization(prisma: PrismaClient, input: NewOrganization) {
  const email = normalizeEmail(input.admin.email);
  const { admin } = input;
  const language = input.language ?? "pt-BR";
  if ("password" in admin && admin.password.length < 8) throw AppError.invalid("admin.password", "must be at least 8 characters");
  const passwordHash = "password" in admin ? await hashPassword(admin.password) : admin.passwordHash;
  return prisma.$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email }, select: { id: true } })) {
      throw new AppError("conflict", `A user with the email ${email} already exists`);
    }
    const organization = await tx.organization.create({ data: { name: input.name.trim(), ...(input.demo ? demoStart() : {}) } });
    const adminName = input.admin.name?.trim() || ADMIN_NAMES[language];
    const admin = await tx.user.create({
      data: {
        organization_id: organization.id,
        name: adminName,
        search_text: searchText([adminName, email]),
        email,
        password_hash: passwordHash,
        role: "ADMIN",
        email_confirmed: true,
      },
    });
    await createDefaultStatuses(tx, organization.id, language);
    await createOrderNumberSequence(tx, organization.id);
    return { organization, admin };
  });
}
