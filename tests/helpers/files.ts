import { expect } from "vitest";
import { testServer, type TestOrg } from "./database";

/** The smallest bytes each kind of file is told by (server/files/resource-files: types come from the bytes). */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 9)]);
export const PDF = Buffer.from("%PDF-1.4\n%fake\n");

/** Uploads files over REST (POST /resource-files) as the org's ADMIN, or `headers`; answers their ids in order. */
export async function upload(
  org: TestOrg,
  files: Array<{ name: string; type: string; bytes: Buffer | string }>,
  headers?: Record<string, string>,
): Promise<string[]> {
  const form = new FormData();
  for (const file of files)
    form.append(
      "files",
      new Blob([typeof file.bytes === "string" ? file.bytes : new Uint8Array(file.bytes)], { type: file.type }),
      file.name,
    );
  const response = await fetch(`${await testServer()}/api/b2b/resource-files`, {
    method: "POST",
    headers: headers ?? (await org.bearer()),
    body: form,
  });
  expect(response.status).toBe(200);
  return (await response.json()).resourceFiles.map((file: { id: string }) => file.id);
}
