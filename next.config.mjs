/** @type {import('next').NextConfig} */
const nextConfig = {
  // Loaded from node_modules at run time: PGlite ships WASM and data files, pg has optional native parts.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg"],
  poweredByHeader: false,
  reactStrictMode: true,
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
