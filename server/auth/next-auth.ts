import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "../env";
import { CLIENT_ADDRESS_HEADER } from "./client-address";
import { getRuntime } from "../runtime";
import { AppError } from "../errors";
import type { Role } from "../generated/prisma/enums";
import { loginInput } from "./schemas";
import { verifyCredentials } from "./service";

declare module "next-auth" {
  interface Session {
    user: { id: string; name: string; email: string; organizationId: string; role: Role };
  }
  interface User {
    organizationId: string;
    role: Role;
    tokenVersion: number;
  }
}
declare module "next-auth/jwt" {
  interface JWT {
    organizationId: string;
    role: Role;
    /** The user's token version at sign-in: a password reset or deactivation ends the session. */
    tokenVersion: number;
  }
}

process.env.AUTH_TRUST_HOST ??= "true";

/** The panel signs in with the same users and the same checks as POST /auth/login. */
export function authOptions(): NextAuthOptions {
  return {
    secret: env().AUTH_SECRET,
    session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
    pages: { signIn: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, request) {
          const input = loginInput.safeParse(credentials);
          if (!input.success) return null;
          // Set by the app's server from the connection (and TRUST_PROXY), never by the client.
          const address = new Headers(request?.headers as Record<string, string>).get(CLIENT_ADDRESS_HEADER) ?? "unknown";
          try {
            const user = await verifyCredentials(getRuntime().database.prisma, input.data, address);
            return {
              id: user.id,
              name: user.name,
              email: user.email,
              organizationId: user.organization_id,
              role: user.role,
              tokenVersion: user.token_version,
            };
          } catch (error) {
            if (error instanceof AppError && error.code === "rate_limited") throw new Error(error.message);
            if (error instanceof AppError) return null;
            throw error;
          }
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.organizationId = user.organizationId;
          token.role = user.role;
          token.tokenVersion = user.tokenVersion;
        }
        return token;
      },
      session({ session, token }) {
        session.user = {
          id: token.sub ?? "",
          name: token.name ?? "",
          email: token.email ?? "",
          organizationId: token.organizationId,
          role: token.role,
        };
        return session;
      },
    },
  };
}
