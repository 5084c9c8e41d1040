import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where uploaded bytes live, by key. Local disk by default (FILE_STORAGE_DIR, else
 * DATA_DIR/files); the interface is what an S3-compatible store implements too.
 */
export interface FileStorage {
  /** Writes the whole stream under `key` (replacing nothing: keys are new ids). */
  put(key: string, body: Readable): Promise<void>;
  /** The bytes under `key`, or null when they are gone. */
  get(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;

export function diskStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    // Keys are "<org id>/<file id>": nothing a request can turn into another path.
    if (!SAFE_KEY.test(key)) throw new Error(`Invalid storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await pipeline(body, createWriteStream(file, { flags: "wx" }));
    },
    async get(key) {
      const file = fileOf(key);
      try {
        await stat(file);
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
