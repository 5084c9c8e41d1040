/**
 * Bodies and uploads refused for their size (issue 30, "Availability"): the client always
 * reads the answer (contract §9: the rest is read and dropped up to 16 MiB, never a reset
 * connection), a refusal never hangs, and nothing of a refused upload stays in the storage.
 */
import { existsSync, readdirSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { newOrg, testFilesDir, testServer } from "../helpers/database";

const MiB = 1024 * 1024;

async function post(url: string, init: RequestInit): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, { method: "POST", ...init });
  return { status: response.status, body: await response.text(), ms: performance.now() - started };
}

function filesForm(files: Array<{ name: string; bytes: Uint8Array }>): FormData {
  const form = new FormData();
  for (const file of files)
    form.append("files", new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: "application/octet-stream" }), file.name);
  return form;
}

/** What the storage holds of an org (the disk store of the tests). */
async function storedFiles(organizationId: string): Promise<string[]> {
  const folder = path.join(await testFilesDir(), organizationId);
  return existsSync(folder) ? readdirSync(folder) : [];
}

describe("a 413 reaches the client", () => {
  it("20 JSON bodies of 5 to 15 MiB sent with fetch all read their 413 problem, none a reset connection", async () => {
    const org = await newOrg();
    const headers = { ...(await org.bearer()), "content-type": "application/json" };
    const url = `${await testServer()}/api/b2b/brands`;
    const sizes = Array.from({ length: 20 }, (_, index) => (5 + (index % 11)) * MiB);
    const answers: Array<{ status: number; body: string }> = [];
    for (let at = 0; at < sizes.length; at += 4) {
      answers.push(
        ...(await Promise.all(
          sizes.slice(at, at + 4).map((size) => post(url, { headers, body: `{"name":"big","attributes":{"x":"${"x".repeat(size)}"}}` })),
        )),
      );
    }
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ status: 413, code: "payload_too_large" });
    }
    expect(await org.db.brand.count()).toBe(0);
  });

  it("a client still sending its body when the 413 is answered reads it and finishes sending, no reset connection", async () => {
    const org = await newOrg();
    const headers = { ...(await org.bearer()), "content-type": "application/json" };
    const url = new URL(`${await testServer()}/api/b2b/brands`);
    for (const total of [6, 12]) {
      // `total` MiB in 1 MiB pieces a little apart: the answer comes after the second, the rest keeps coming.
      const outcome = await new Promise<{ status?: number; error?: string; sent: number }>((resolve) => {
        let sent = 0;
        let status: number | undefined;
        const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers }, (res) => {
          status = res.statusCode;
          res.resume();
        });
        req.on("error", (error: NodeJS.ErrnoException) => resolve({ status, error: error.code ?? error.message, sent }));
        const next = () => {
          if (sent === total) {
            req.end(() => setTimeout(() => resolve({ status, sent }), 50));
            return;
          }
          req.write(sent === 0 ? `{"name":"${"x".repeat(MiB)}` : "x".repeat(MiB), () => {
            sent++;
            setTimeout(next, 20);
          });
        };
        next();
      });
      expect(outcome).toEqual({ status: 413, sent: total });
    }
  });

  it("the panel's tRPC endpoint answers its 413 the same way", async () => {
    const org = await newOrg();
    const headers = { ...(await org.bearer()), "content-type": "application/json" };
    const answer = await post(`${await testServer()}/api/trpc/brands.create?batch=1`, {
      headers,
      body: `{"0":{"name":"big","attributes":{"x":"${"x".repeat(8 * MiB)}"}}}`,
    });
    expect(answer.status).toBe(413);
  });
});

describe("uploads", () => {
  it("a file of exactly 10 MiB is stored; one byte more is 413, read by the client, and leaves nothing in the storage", async () => {
    const org = await newOrg();
    const headers = await org.bearer("SELLER");
    const url = `${await testServer()}/api/b2b/resource-files`;
    const exact = await post(url, { headers, body: filesForm([{ name: "exact.bin", bytes: new Uint8Array(10 * MiB) }]) });
    expect(exact.status, exact.body).toBe(200);
    const [stored] = JSON.parse(exact.body).resourceFiles as Array<{ id: string }>;
    expect(await storedFiles(org.organizationId)).toEqual([stored!.id]);

    for (const files of [
      [{ name: "over.bin", bytes: new Uint8Array(10 * MiB + 1) }],
      [
        { name: "small.txt", bytes: new Uint8Array(10) },
        { name: "whole.bin", bytes: new Uint8Array(9 * MiB) },
        { name: "over.bin", bytes: new Uint8Array(12 * MiB) },
      ],
    ]) {
      const refused = await post(url, { headers, body: filesForm(files) });
      expect(refused.status, refused.body).toBe(413);
      expect(JSON.parse(refused.body)).toMatchObject({ status: 413 });
      expect(await storedFiles(org.organizationId)).toEqual([stored!.id]);
    }
    expect(await org.db.resourceFile.count()).toBe(1);
  });

  it("eleven files are 413 within a second, every time, and nothing is kept", async () => {
    const org = await newOrg();
    const headers = await org.bearer("SELLER");
    const url = `${await testServer()}/api/b2b/resource-files`;
    for (let run = 0; run < 5; run++) {
      const files = Array.from({ length: 11 }, (_, index) => ({ name: `${index}.bin`, bytes: new Uint8Array(64 * 1024) }));
      const answer = await post(url, { headers, body: filesForm(files) });
      expect(answer.status).toBe(413);
      expect(answer.ms).toBeLessThan(5_000);
    }
    expect(await storedFiles(org.organizationId)).toEqual([]);
    expect(await org.db.resourceFile.count()).toBe(0);
  });
});

describe("uploads with an Idempotency-Key", () => {
  it("the same files again replay the first answer and store nothing more; other files are 422; a malformed key is 422", async () => {
    const org = await newOrg();
    const url = `${await testServer()}/api/b2b/resource-files`;
    const headers = { ...(await org.bearer("SELLER")), "idempotency-key": `upload-${org.organizationId}` };
    const files = [
      { name: "nota.xml", bytes: new TextEncoder().encode("<nfe/>") },
      { name: "foto.bin", bytes: new Uint8Array(4096).fill(7) },
    ];
    // Each FormData has its own boundary: the retry's bytes on the wire differ, its files do not.
    const first = await post(url, { headers, body: filesForm(files) });
    const again = await fetch(url, { method: "POST", headers, body: filesForm(files) });
    expect(first.status, first.body).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(first.body);
    expect(await org.db.resourceFile.count()).toBe(2);
    expect(await storedFiles(org.organizationId)).toHaveLength(2);

    const other = await post(url, { headers, body: filesForm([{ name: "nota.xml", bytes: new TextEncoder().encode("<nfe>2</nfe>") }]) });
    expect(other.status).toBe(422);
    expect(JSON.parse(other.body).errors[0]).toMatchObject({ path: "Idempotency-Key", code: "idempotency_key_reused" });
    const malformed = await post(url, { headers: { ...headers, "idempotency-key": "chave com espaço" }, body: filesForm(files) });
    expect(malformed.status).toBe(422);
    expect(await org.db.resourceFile.count()).toBe(2);
    expect(await storedFiles(org.organizationId)).toHaveLength(2);
  });
});
