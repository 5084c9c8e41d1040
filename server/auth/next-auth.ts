import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { database } from "../db";
import { env } from "../env";
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
  }
}
declare module "next-auth/jwt" {
  interface JWT {
    organizationId: string;
    role: Role;
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
          const headers = new Headers(request?.headers as Record<string, string>);
          const address = headers.get("x-forwarded-for")?.split(",")[0]?.trim() ?? "unknown";
          try {
            const user = await verifyCredentials(await database(), input.data, address);
            return { id: user.id, name: user.name, email: user.email, organizationId: user.organization_id, role: user.role };
          } catch (error) {
            if (error instanceof AppError && error.code === "TOO_MANY_REQUESTS") throw new Error(error.message);
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
