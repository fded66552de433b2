import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { assertSafeKey, createLocalFileStore, createS3FileStore } from "../../integrations/storage/file-store.ts";

const PDF = new TextEncoder().encode("%PDF-1.7 pretend invoice");
const UNSAFE_KEYS = [
  "",
  "/etc/passwd",
  "../secrets.pdf",
  "invoices/../../x.pdf",
  "invoices//x.pdf",
  "invoices/",
  "invoices\\x.pdf",
  "C:/x.pdf",
  "./x.pdf",
];

describe("file key rule", () => {
  it("accepts relative slash-separated keys", () => {
    for (const key of ["invoices/5A1B2C3X.pdf", "a.pdf", "a/b/c-d_e.f.pdf"]) expect(() => assertSafeKey(key)).not.toThrow();
  });

  it("refuses empty, absolute, parent, dot, backslash and empty-segment keys", () => {
    for (const key of UNSAFE_KEYS) expect(() => assertSafeKey(key), key).toThrow(Error);
  });
});

describe("local file store", () => {
  let root = "";
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "files-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("stores under the root directory and reads back", async () => {
    const store = createLocalFileStore(path.join(root, "files"));
    const stored = await store.put("invoices/5A1B2C3X.pdf", PDF, "application/pdf");

    const file = path.join(root, "files", "invoices", "5A1B2C3X.pdf");
    expect(stored).toEqual({ key: "invoices/5A1B2C3X.pdf", url: `file://${file}` });
    expect(fileURLToPath(stored.url)).toBe(file);
    expect(new Uint8Array(readFileSync(file))).toEqual(PDF);
    expect(await store.get("invoices/5A1B2C3X.pdf")).toEqual(PDF);
  });

  it("returns null for a missing key", async () => {
    const store = createLocalFileStore(root);
    expect(await store.get("invoices/NOPE.pdf")).toBeNull();
  });

  it("refuses unsafe keys", async () => {
    const store = createLocalFileStore(root);
    for (const key of UNSAFE_KEYS) {
      await expect(store.put(key, PDF, "application/pdf"), key).rejects.toThrow(/Refused file key/);
      await expect(store.get(key), key).rejects.toThrow(/Refused file key/);
    }
  });
});

type SeenRequest = { method: string; path: string; contentType: string | undefined; authorization: string | undefined };

/** A stand-in for S3: path-style PUT stores the body, GET returns it or S3's NoSuchKey error. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: SeenRequest[] = [];
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    requests.push({
      method: request.method ?? "",
      path: url.pathname,
      contentType: request.headers["content-type"],
      authorization: request.headers.authorization,
    });
    const body = await readBody(request);
    if (request.method === "PUT") {
      objects.set(url.pathname, { body, contentType: request.headers["content-type"] ?? "binary/octet-stream" });
      response.writeHead(200, { ETag: '"fake"' }).end();
      return;
    }
    const object = objects.get(url.pathname);
    if (request.method === "GET" && object) {
      response.writeHead(200, { "Content-Type": object.contentType, "Content-Length": object.body.length }).end(object.body);
      return;
    }
    response
      .writeHead(404, { "Content-Type": "application/xml" })
      .end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${url.pathname}</Key></Error>`,
      );
  });
  return { server, objects, requests };
}

describe("S3 file store", () => {
  const s3 = fakeS3();
  let server: Server;
  let store: ReturnType<typeof createS3FileStore>;

  beforeAll(async () => {
    server = s3.server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    store = createS3FileStore({
      bucket: "nectar-files",
      region: "us-east-2",
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "not-a-real-secret" },
    });
  });

  afterAll(async () => {
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  });

  it("puts and gets an object with path-style requests", async () => {
    const stored = await store.put("invoices/5A1B2C3X.pdf", PDF, "application/pdf");
    expect(stored).toEqual({ key: "invoices/5A1B2C3X.pdf", url: "s3://nectar-files/invoices/5A1B2C3X.pdf" });
    expect(s3.objects.get("/nectar-files/invoices/5A1B2C3X.pdf")?.body).toEqual(Buffer.from(PDF));

    expect(await store.get("invoices/5A1B2C3X.pdf")).toEqual(PDF);

    expect(s3.requests.map(({ method, path, contentType }) => ({ method, path, contentType }))).toEqual([
      { method: "PUT", path: "/nectar-files/invoices/5A1B2C3X.pdf", contentType: "application/pdf" },
      { method: "GET", path: "/nectar-files/invoices/5A1B2C3X.pdf", contentType: undefined },
    ]);
    for (const request of s3.requests)
      expect(request.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-2\/s3\//);
  });

  it("returns null when the object does not exist", async () => {
    expect(await store.get("invoices/MISSING.pdf")).toBeNull();
  });

  it("refuses unsafe keys without sending a request", async () => {
    const before = s3.requests.length;
    for (const key of UNSAFE_KEYS) {
      await expect(store.put(key, PDF, "application/pdf"), key).rejects.toThrow(/Refused file key/);
      await expect(store.get(key), key).rejects.toThrow(/Refused file key/);
    }
    expect(s3.requests.length).toBe(before);
  });
});
