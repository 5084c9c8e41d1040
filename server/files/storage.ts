import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env, type Env } from "../env";

/**
 * Where uploaded bytes live, by key: local disk by default (FILE_STORAGE_DIR, else
 * DATA_DIR/files), or an S3-compatible bucket when S3_BUCKET is set (AWS S3, MinIO,
 * Cloudflare R2, ...). Both stream: a file is never held whole in memory.
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
      try {
        await pipeline(body, createWriteStream(file, { flags: "wx" }));
      } catch (error) {
        // A write cut short (a refused or interrupted upload) leaves nothing behind.
        await rm(file, { force: true });
        throw error;
      }
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

export interface S3Settings {
  bucket: string;
  /** For S3-compatible services (MinIO, R2...): their URL. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (`https://host/bucket/key`), as most S3-compatible services want. */
  forcePathStyle: boolean;
}

/** The AWS SDK, loaded on first use: an instance storing on disk never pays its start-up. */
async function sdk() {
  const [s3, storage] = await Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]);
  return { ...s3, Upload: storage.Upload };
}

export function s3Storage(settings: S3Settings): FileStorage {
  const Bucket = settings.bucket;
  let ready: ReturnType<typeof connect> | undefined;
  const connect = async () => {
    const aws = await sdk();
    const client = new aws.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
    return { aws, client };
  };
  const s3 = () => (ready ??= connect());
  return {
    async put(key, body) {
      const { aws, client } = await s3();
      // Multipart as it goes: the length of an upload is not known in advance.
      await new aws.Upload({ client, params: { Bucket, Key: key, Body: body } }).done();
    },
    async get(key) {
      const { aws, client } = await s3();
      try {
        const object = await client.send(new aws.GetObjectCommand({ Bucket, Key: key }));
        return object.Body as Readable;
      } catch (error) {
        if (error instanceof aws.NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async remove(key) {
      const { aws, client } = await s3();
      await client.send(new aws.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

/** The storage the environment names: an S3-compatible bucket when S3_BUCKET is set, else the disk (FILE_STORAGE_DIR, else DATA_DIR/files). */
export function configuredStorage(config: Env = env()): FileStorage {
  return config.S3_BUCKET
    ? s3Storage({
        bucket: config.S3_BUCKET,
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      })
    : diskStorage(config.FILE_STORAGE_DIR ?? path.join(config.DATA_DIR, "files"));
}
