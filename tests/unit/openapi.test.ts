import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/server/openapi";

describe("OpenAPI document", () => {
  const document = buildOpenApiDocument("/api/b2b");
  const paths = document.paths as Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;

  it("is OpenAPI 3.1 with the real success status of each operation", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(paths["/brands"]!.post!.responses)).toContain("201");
    expect(Object.keys(paths["/brands"]!.get!.responses)).toContain("200");
    expect(Object.keys(paths["/brands/{id}"]!.delete!.responses)).toContain("204");
    expect(Object.keys(paths["/brands/{id}"]!.delete!.responses)).not.toContain("200");
    expect(Object.keys(paths["/access-keys"]!.post!.responses)).toContain("201");
    expect(Object.keys(paths["/auth/login"]!.post!.responses)).toContain("200");
  });

  it("documents a bare-array body where the REST body is not the input object", () => {
    const body = (paths["/delivery-methods/{id}/opening-hours"]!.put as { requestBody?: { content: Record<string, { schema: { type?: string } }> } })
      .requestBody;
    expect(body?.content["application/json"]?.schema.type).toBe("array");
  });

  it("offers the bearer token or the access key pair, and none on login", () => {
    expect(paths["/brands"]!.get!.security).toEqual([{ bearer: [] }, { accessKeyToken: [], accessKeyCode: [] }]);
    expect(paths["/auth/login"]!.post!.security).toBeUndefined();
    expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual(["bearer", "accessKeyToken", "accessKeyCode"]);
  });
});
