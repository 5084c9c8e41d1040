import type { z } from "zod";
import { AppError } from "../errors";
import type { PrismaClient, User } from "../generated/prisma/client";
import { claimLoginAttempt, loginSucceeded } from "./login-throttle";
import { verifyAgainstNothing, verifyPassword } from "./password";
import type { loginUser, LoginInput } from "./schemas";
import { issueAccessToken } from "./tokens";

export function toLoginUser(user: User): z.input<typeof loginUser> {
  return {
    id: user.id,
    organization_id: user.organization_id,
    name: user.name,
    email: user.email,
    role: user.role,
    fiscal_registration_number: user.fiscal_registration_number,
    seller_id: user.seller_id,
    active: user.active,
    email_confirmed: user.email_confirmed,
    is_change_password_next_access: user.is_change_password_next_access,
    is_access_request: user.is_access_request,
    access_request_status: user.access_request_status,
    profile: user.profile,
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Checks an email and password; the same answer (404) for an unknown email, a wrong
 * password and a deactivated user. Attempts are throttled per (email, client address)
 * and per address with growing delays (429 with Retry-After; server/auth/login-throttle.ts).
 */
export async function verifyCredentials(prisma: PrismaClient, input: LoginInput, clientAddress: string): Promise<User> {
  const email = normalizeEmail(input.email);
  const attempt = await claimLoginAttempt(prisma, email, clientAddress);
  if ("retryAfter" in attempt) {
    throw new AppError("rate_limited", "Too many sign-in attempts; try again later", { retryAfter: attempt.retryAfter });
  }
  const user = await prisma.user.findUnique({ where: { email } });
  const valid = user ? await verifyPassword(input.password, user.password_hash) : await verifyAgainstNothing(input.password);
  if (!user || !valid || !user.active) throw new AppError("invalid_login", "Invalid email or password");
  await loginSucceeded(prisma, attempt);
  return user;
}

export async function login(prisma: PrismaClient, input: LoginInput, clientAddress: string) {
  const user = await verifyCredentials(prisma, input, clientAddress);
  const { token, expiresIn } = await issueAccessToken({
    userId: user.id,
    organizationId: user.organization_id,
    tokenVersion: user.token_version,
  });
  return { ...toLoginUser(user), access_token: token, token_type: "Bearer" as const, expires_in: expiresIn };
}
