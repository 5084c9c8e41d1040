/**
 * Uploaded files in S3-compatible storage, against a real S3 server (s3rver) started
 * here: the same upload, download and delete as on disk, through the app's HTTP server.
 */
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Storage, type FileStorage } from "@/server/files/storage";
import { createAppServer } from "@/server/http/server";
import { api } from "@/server/root";
import { createRuntime } from "@/server/runtime";
import { newOrg, testRuntime } from "../helpers/database";
import { call } from "../helpers/http";

let server: S3rver;
let storage: FileStorage;

beforeAll(async () => {
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(os.tmpdir(), "s3rver-")),
    configureBuckets: [{ name: "b2b-files", configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  storage = s3Storage({
    bucket: "b2b-files",
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });
});

afterAll(async () => {
  await server?.close();
});

const bytes = async (stream: Readable | null) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream ?? []) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

describe("S3-compatible file storage", () => {
  it("streams bytes in and out, and forgets them on remove", async () => {
    const key = `${crypto.randomUUID()}/${crypto.randomUUID()}`;
    const payload = Buffer.alloc(6 * 1024 * 1024, 7); // more than one multipart part
    await storage.put(key, Readable.from([payload.subarray(0, 1000), payload.subarray(1000)]));
    expect((await bytes(await storage.get(key))).equals(payload)).toBe(true);
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
  });

  it("serves the app's uploads and downloads", async () => {
    const org = await newOrg();
    const runtime = await createRuntime((await testRuntime()).database, { rateLimitPerMinute: 0, files: storage });
    const { server: app } = createAppServer(runtime, api);
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    try {
      const form = new FormData();
      form.append("files", new Blob(["nota fiscal"], { type: "text/plain" }), "nota.txt");
      const uploaded = await fetch(`${base}/api/b2b/resource-files`, { method: "POST", headers: await org.bearer(), body: form });
      expect(uploaded.status).toBe(200);
      const [file] = (await uploaded.json()).resourceFiles;
      const served = await call("GET", `/api/b2b/resource-files/${file.id}?organization_id=${org.organizationId}`, { base });
      expect(served).toMatchObject({ status: 200, text: "nota fiscal" });
      expect((await call("DELETE", `/api/b2b/resource-files/${file.id}`, { base, headers: await org.bearer() })).status).toBe(204);
      const stored = await org.db.resourceFile.count({ where: { id: file.id } });
      expect(stored).toBe(0);
    } finally {
      app.close();
      await runtime.close();
    }
  });
});
