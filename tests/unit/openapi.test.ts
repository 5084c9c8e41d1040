import { createConfig, lintFromString } from "@redocly/openapi-core";
import { Document, Spectral, type RulesetDefinition } from "@stoplight/spectral-core";
import { Json } from "@stoplight/spectral-parsers";
import { oas } from "@stoplight/spectral-rulesets";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/server/http/openapi";
import { api } from "@/server/root";

type Operation = {
  responses: Record<string, { content?: Record<string, unknown> }>;
  security?: unknown[];
  tags?: string[];
  description?: string;
  parameters?: Array<{ name: string; in: string; schema?: { enum?: string[] } }>;
};

describe("OpenAPI document", () => {
  const document = buildOpenApiDocument(api, "/api/b2b");
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

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
    const body = (
      paths["/delivery-methods/{id}/opening-hours"]!.put as { requestBody?: { content: Record<string, { schema: { type?: string } }> } }
    ).requestBody;
    expect(body?.content["application/json"]?.schema.type).toBe("array");
  });

  it("offers the bearer token or the access key pair, and no credentials (security: []) on login", () => {
    expect(paths["/brands"]!.get!.security).toEqual([{ bearer: [] }, { accessKeyToken: [], accessKeyCode: [] }]);
    expect(paths["/auth/login"]!.post!.security).toEqual([]);
    expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual(["bearer", "accessKeyToken", "accessKeyCode"]);
  });

  it("gives every operation tags, a description and its errors as problem+json", () => {
    for (const { path, method, operation } of operations) {
      const name = `${method} ${path}`;
      expect(operation.tags?.length, name).toBeGreaterThan(0);
      expect(operation.description, name).toBeTruthy();
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400) expect(Object.keys(response.content ?? {}), `${name} ${status}`).toEqual(["application/problem+json"]);
      }
      expect(operation.responses["500"], name).toBeDefined();
    }
  });

  it("lists what the pipeline answers: 401/429 with credentials, 413 with a body, 409 on writes, 404 with an id", () => {
    const login = Object.keys(paths["/auth/login"]!.post!.responses);
    expect(login).toEqual(expect.arrayContaining(["200", "404", "413", "422", "429", "500"]));
    expect(login).not.toContain("401");
    expect(Object.keys(paths["/brands/{id}"]!.put!.responses)).toEqual(
      expect.arrayContaining(["401", "403", "404", "409", "413", "422", "429"]),
    );
    expect(Object.keys(paths["/brands"]!.get!.responses)).not.toContain("403");
    expect(Object.keys(paths["/access-keys"]!.get!.responses)).toContain("403");
    expect(Object.keys(paths["/status/{id}"]!.get!.responses)).toContain("400");
  });

  it("documents each list's sort fields as an enum", () => {
    const sort = paths["/brands"]!.get!.parameters?.find((parameter) => parameter.name === "sort");
    expect(sort?.schema?.enum).toEqual(["", "id", "name", "active"]);
  });

  it("passes an external OpenAPI linter (Redocly, recommended-strict, every rule on) with no problem but the three the interface and contract fix", async () => {
    const config = await createConfig({ extends: ["recommended-strict"] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "/openapi.json", config });
    const found = problems.map((problem) => `${problem.ruleId}: ${problem.message}`);
    // interface.md fixes /products/alternative-units/{id} beside /products/{product_id}/variations and
    // /specification: ambiguous templates by the letter, resolved by the router (a static segment wins,
    // and a product id is a UUID) and said so in both operations. Any other ambiguity fails here.
    // Contract §14 fixes /imports/templates/{kind} beside /imports/{id}/apply the same way (an import id is a UUID).
    const known = [
      ...["variations", "specification"].map(
        (tail) =>
          `no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: \`/products/alternative-units/{id}\` and \`/products/{product_id}/${tail}\`.`,
      ),
      "no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: `/imports/{id}/apply` and `/imports/templates/{kind}`.",
    ];
    expect(found.filter((problem) => !known.includes(problem))).toEqual([]);
    for (const tail of ["variations", "specification"]) {
      expect(paths[`/products/{product_id}/${tail}`]!.get!.description).toContain("/products/alternative-units");
    }
  });

  it("passes Spectral's own OpenAPI rules (spectral:oas, its recommended set, as the CLI runs it) with no finding of any severity", async () => {
    const spectral = new Spectral();
    // Its ruleset is typed as JSON it reads, not as the definition it is.
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, "recommended"]] });
    const findings = await spectral.run(new Document(JSON.stringify(document), Json, "/openapi.json"));
    expect(findings.map((finding) => `${finding.code} at ${finding.path.join(".")}: ${finding.message}`)).toEqual([]);
  });

  it("keeps no unused schemas of the generator", () => {
    expect(Object.keys(document.components?.schemas ?? {}).filter((name) => name.startsWith("error."))).toEqual([]);
  });
});
