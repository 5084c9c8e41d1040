import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { database } from "@/server/db";
import { appRouter } from "@/server/root";
import { createContext } from "@/server/trpc";

export const dynamic = "force-dynamic";

async function handler(request: Request) {
  const db = await database();
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    createContext: () => createContext(db, request.headers),
    responseMeta: ({ ctx, errors }) => (errors.length === 0 ? {} : { headers: ctx?.response.headers ?? {} }),
  });
}

export { handler as GET, handler as POST };
