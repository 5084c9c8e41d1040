import type { z } from "zod";
import type { Database } from "../db/connection";
import { AppError } from "../errors";
import type { User } from "../generated/prisma/client";
import { countersFor } from "../lib/counters";
import { verifyAgainstNothing, verifyPassword } from "./password";
import type { loginUser, LoginInput } from "./schemas";
import { issueAccessToken } from "./tokens";

const WINDOW_SECONDS = 15 * 60;
const MAX_FAILURES_PER_EMAIL = 10;
const MAX_FAILURES_PER_ADDRESS = 50;

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
 * password and a deactivated user. Repeated failures for one email or one client
 * address are refused with 429 for the rest of a 15-minute window.
 */
export async function verifyCredentials(database: Database, input: LoginInput, clientAddress: string): Promise<User> {
  const counters = countersFor(database);
  const email = normalizeEmail(input.email);
  const emailKey = `login-failures:email:${email}`;
  const addressKey = `login-failures:address:${clientAddress}`;
  const [emailFailures, addressFailures] = await Promise.all([
    counters.peek(emailKey, WINDOW_SECONDS),
    counters.peek(addressKey, WINDOW_SECONDS),
  ]);
  if (emailFailures >= MAX_FAILURES_PER_EMAIL || addressFailures >= MAX_FAILURES_PER_ADDRESS) {
    const retryAfter = WINDOW_SECONDS - (Math.floor(Date.now() / 1000) % WINDOW_SECONDS);
    throw new AppError("TOO_MANY_REQUESTS", "Too many failed sign-in attempts; try again later", { retryAfter });
  }
  const user = await database.prisma.user.findUnique({ where: { email } });
  const valid = user ? await verifyPassword(input.password, user.password_hash) : await verifyAgainstNothing(input.password);
  if (!user || !valid || !user.active) {
    await Promise.all([counters.hit(emailKey, WINDOW_SECONDS), counters.hit(addressKey, WINDOW_SECONDS)]);
    throw new AppError("NOT_FOUND", "Invalid email or password");
  }
  return user;
}

export async function login(database: Database, input: LoginInput, clientAddress: string) {
  const user = await verifyCredentials(database, input, clientAddress);
  const { token, expiresIn } = await issueAccessToken({ userId: user.id, organizationId: user.organization_id });
  return { ...toLoginUser(user), access_token: token, token_type: "Bearer" as const, expires_in: expiresIn };
}
