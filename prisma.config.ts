import { defineConfig } from "prisma/config";

// The url is only read by Prisma's own CLI (e.g. `prisma migrate deploy` where the
// schema engine exists). The app connects through driver adapters (server/db).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/unused" },
});
