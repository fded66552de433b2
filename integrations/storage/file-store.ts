/**
 * Stored files (invoices and the like), addressed by keys such as "invoices/5A1B2C3X.pdf". The embedded
 * default keeps them under a local directory; production uses an S3 bucket (or an S3-compatible store).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";

export interface FileStore {
  put(key: string, body: Uint8Array, contentType: string): Promise<{ key: string; url: string }>;
  get(key: string): Promise<Uint8Array | null>;
}

const KEY_RULES: [problem: string, breaks: (key: string) => boolean][] = [
  ["is empty", (key) => key === ""],
  ["contains a backslash", (key) => key.includes("\\")],
  ["contains a NUL character", (key) => key.includes("\0")],
  ["is absolute", (key) => key.startsWith("/") || /^[A-Za-z]:/.test(key)],
  ["has an empty segment", (key) => key.split("/").includes("")],
  ["has a dot segment", (key) => key.split("/").some((segment) => segment === "." || segment === "..")],
];

/** Throws unless the key is a relative path of non-empty, non-dot segments separated by "/"; used by every store. */
export function assertSafeKey(key: string): void {
  const broken = KEY_RULES.find(([, breaks]) => breaks(key));
  if (broken) throw new Error(`Refused file key ${JSON.stringify(key)}: it ${broken[0]}`);
}

export function createLocalFileStore(rootDir: string): FileStore {
  const root = path.resolve(rootDir);
  const fileFor = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    async put(key, body) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      return { key, url: pathToFileURL(file).href };
    },
    async get(key) {
      const file = fileFor(key);
      try {
        return new Uint8Array(await readFile(file));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}

export type S3FileStoreOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
};

export function createS3FileStore({ bucket, region, endpoint, forcePathStyle, credentials }: S3FileStoreOptions): FileStore {
  const client = new S3Client({ region, endpoint, forcePathStyle, credentials });
  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
      return { key, url: `s3://${bucket}/${key}` };
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return result.Body ? await result.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
  };
}
