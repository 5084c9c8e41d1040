import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DatabaseInUseError, openPGlite } from "@/server/db/connection";

describe("embedded database lock", () => {
  it("refuses to open a data folder another live process holds, and takes over a stale lock", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "b2b-lock-"));
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    try {
      writeFileSync(path.join(dir, "owner.pid"), String(holder.pid));
      await expect(openPGlite(dir)).rejects.toThrow(DatabaseInUseError);
      await expect(openPGlite(dir)).rejects.toThrow(/open in another process.*DATABASE_URL/s);
    } finally {
      holder.kill();
    }
    await new Promise((resolve) => holder.once("exit", resolve));
    const database = await openPGlite(dir);
    await database.close();
  });
});
