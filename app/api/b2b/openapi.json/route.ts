import { buildOpenApiDocument } from "@/server/openapi";
import { REST_PREFIX } from "@/server/http/rest";

export const dynamic = "force-dynamic";

let cached: string | undefined;

export function GET() {
  cached ??= JSON.stringify(buildOpenApiDocument(REST_PREFIX));
  return new Response(cached, { headers: { "content-type": "application/json" } });
}
