import { describe, expect, it } from "vitest";
import { contentDisposition, contentTypeOf, safeFileName } from "@/server/files/resource-files/service";
import { newOrg, testServer } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

async function upload(
  headers: Record<string, string>,
  files: Array<{ name: string; type: string; bytes: Buffer | string }>,
  field = "files",
) {
  const form = new FormData();
  for (const file of files)
    form.append(
      field,
      new Blob([typeof file.bytes === "string" ? file.bytes : new Uint8Array(file.bytes)], { type: file.type }),
      file.name,
    );
  const response = await fetch(`${await testServer()}/api/b2b/resource-files`, { method: "POST", headers, body: form });
  return { status: response.status, headers: response.headers, json: await response.json().catch(() => undefined) };
}

describe("resource files", () => {
  it("uploads files, serves them publicly to their org only, with a safe type and disposition, and deletes them", async () => {
    const org = await newOrg();
    const headers = await org.bearer("SELLER");
    const uploaded = await upload(headers, [
      { name: "foto.png", type: "text/html", bytes: PNG },
      { name: "../../etc/nota fiscal çã.xml", type: "application/xml", bytes: "<nfe/>" },
      { name: "page.html", type: "text/html", bytes: "<script>alert(1)</script>" },
    ]);
    expect(uploaded.status).toBe(200);
    const [image, xml, html] = uploaded.json.resourceFiles as Array<{ id: string; fileName: string }>;
    expect([image!.fileName, xml!.fileName, html!.fileName]).toEqual(["foto.png", "nota fiscal çã.xml", "page.html"]);

    const served = await call("GET", `/api/b2b/resource-files/${image!.id}?organization_id=${org.organizationId}`);
    expect(served.status).toBe(200);
    // The type comes from the bytes, not from what the client declared.
    expect(served.headers).toMatchObject({
      "content-type": "image/png",
      "x-content-type-options": "nosniff",
      "content-disposition": expect.stringMatching(/^inline;/),
    });
    expect(String(served.headers["content-security-policy"])).toContain("sandbox");
    const cached = await call("GET", `/api/b2b/resource-files/${image!.id}?organization_id=${org.organizationId}`, {
      headers: { "if-none-match": String(served.headers.etag) },
    });
    expect(cached.status).toBe(304);

    const page = await call("GET", `/api/b2b/resource-files/${html!.id}?organization_id=${org.organizationId}`);
    expect(page.headers["content-type"]).toBe("application/octet-stream");
    expect(page.headers["content-disposition"]).toMatch(/^attachment;/);
    const invoice = await call("GET", `/api/b2b/resource-files/${xml!.id}?organization_id=${org.organizationId}`);
    expect(invoice).toMatchObject({ status: 200, text: "<nfe/>" });
    expect(invoice.headers["content-disposition"]).toContain("filename*=UTF-8''nota%20fiscal%20%C3%A7%C3%A3.xml");

    const other = await newOrg();
    expectProblem(await call("GET", `/api/b2b/resource-files/${image!.id}?organization_id=${other.organizationId}`), 404);
    expectProblem(await call("GET", `/api/b2b/resource-files/${image!.id}`), 422);
    expectProblem(await call("DELETE", `/api/b2b/resource-files/${image!.id}`, { headers: await other.bearer() }), 404);
    expectProblem(await call("DELETE", `/api/b2b/resource-files/${image!.id}`, { headers: await org.bearer("VIEWER") }), 403);
    expect((await call("DELETE", `/api/b2b/resource-files/${image!.id}`, { headers })).status).toBe(204);
    expectProblem(await call("GET", `/api/b2b/resource-files/${image!.id}?organization_id=${org.organizationId}`), 404);
  });

  it("refuses uploads with no file (422), not multipart (422), over 10 files or 10 MiB a file (413), storing nothing", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    expectProblem(await call("POST", "/api/b2b/resource-files", { headers, body: { files: [] } }), 422);
    expect((await upload(headers, [{ name: "a.txt", type: "text/plain", bytes: "a" }], "other")).status).toBe(422);
    const eleven = Array.from({ length: 11 }, (_, index) => ({ name: `${index}.txt`, type: "text/plain", bytes: "x" }));
    expect((await upload(headers, eleven)).status).toBe(413);
    const big = await upload(headers, [
      { name: "ok.txt", type: "text/plain", bytes: "ok" },
      { name: "big.bin", type: "application/octet-stream", bytes: Buffer.alloc(10 * 1024 * 1024 + 1) },
    ]);
    expect(big.status).toBe(413);
    expect(await org.db.resourceFile.count()).toBe(0);
    expectProblem(await call("POST", "/api/b2b/resource-files", { headers: { "content-type": "multipart/form-data; boundary=x" } }), 401);
  });

  it("decides types from bytes and names from what is safe to send back", () => {
    expect(contentTypeOf(PNG.subarray(0, 16), "application/x-msdownload")).toBe("image/png");
    expect(contentTypeOf(Buffer.from("%PDF-1.7"), "text/plain")).toBe("application/pdf");
    expect(contentTypeOf(Buffer.from("<svg onload=alert(1)>"), "image/svg+xml")).toBe("application/octet-stream");
    expect(contentTypeOf(Buffer.from("a,b"), "text/csv; charset=utf-8")).toBe("text/csv");
    expect(safeFileName("C:\\Users\\x\\..\\nota.pdf")).toBe("nota.pdf");
    expect(safeFileName("a\u0000b\nc")).toBe("abc");
    expect(safeFileName("..")).toBe("file");
    expect(contentDisposition("image/png", 'a"b.png')).toBe(`inline; filename="a_b.png"; filename*=UTF-8''a%22b.png`);
  });
});
