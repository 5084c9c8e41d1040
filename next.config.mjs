import createNextIntlPlugin from "next-intl/plugin";

/** next-intl reads the request's language (a cookie, no locale in the URL) from i18n/request.ts. */
const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Loaded from node_modules at run time: PGlite ships WASM and data files, pg has optional native parts.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg"],
  // A separate build folder lets two builds (e.g. a test run and a dev build) not collide.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks everything with tsc beside the build (NEXT_BUILD_SKIP_TYPECHECK=1): no second check here.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === "1" },
};

export default withNextIntl(nextConfig);
