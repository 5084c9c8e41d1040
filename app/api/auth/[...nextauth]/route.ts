import NextAuth from "next-auth";
import { authOptions } from "@/server/auth/next-auth";

export const dynamic = "force-dynamic";

function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(authOptions())(request, context);
}

export { handler as GET, handler as POST };
