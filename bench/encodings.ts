/**
 * What each response encoding costs the shop. A listing (`/shop/luna-collagen`) is rendered for
 * every request (PAGE_CACHE=off) and asked for as it is, in gzip, in brotli and in zstd; then the same
 * page kept by the page cache, asked for the same ways. BENCH_COMPARE_DIR names another checkout of
 * the shop, built (say, the commit before a change): it runs beside this one and every case is
 * measured on both, the shops and the encodings alternating within each of BENCH_ROUNDS rounds.
 * Requests go one at a time (BENCH_REQUESTS per case and round, after a warm-up), and each row gives
 * the shop process's CPU time per request (from /proc, so other load on the machine disturbs it
 * little), the bytes sent, and the medians of the first byte's and the last byte's arrival.
 * Last, in this process, the levels: the listing, in the pieces it arrived in, compressed at each
 * candidate level with a flush after every piece and with one flush after the first piece only.
 * Run through `npm run bench:encodings`.
 */
import http from "node:http";
import type { Transform } from "node:stream";
import { constants, createBrotliCompress, createGzip, createZstdCompress, type Zlib } from "node:zlib";
import { startShopProcess } from "./harness.ts";

const PAGE = "/shop/luna-collagen";
const PORT = Number(process.env.BENCH_PORT ?? 3392);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const WARMUP = 50;
const compareDir = process.env.BENCH_COMPARE_DIR;

const ENCODINGS: [string, string | null][] = [
  ["identity", null],
  ["gzip", "gzip"],
  ["br", "br"],
  ["zstd", "zstd"],
  ["browser", "gzip, deflate, br, zstd"],
];

type Shop = { label: string; baseUrl: string; cpuMs: () => number; stop: () => Promise<void> };
type Answer = { encoding: string; bytes: number; firstByteMs: number; lastByteMs: number };

/** One request, its body left as sent. */
function ask(url: string, acceptEncoding: string | null): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let firstByteMs = 0;
    let bytes = 0;
    const headers = acceptEncoding ? { "accept-encoding": acceptEncoding } : {};
    const request = http.get(url, { headers, agent: keepAlive }, (response) => {
      response.on("data", (chunk: Buffer) => {
        if (bytes === 0) firstByteMs = performance.now() - start;
        bytes += chunk.length;
      });
      response.on("end", () => {
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
        const encoding = String(response.headers["content-encoding"] ?? "identity");
        resolve({ encoding, bytes, firstByteMs, lastByteMs: performance.now() - start });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

type Row = {
  shop: string;
  cache: string;
  asked: string;
  sent: string;
  cpuMs: number[];
  bytes: number;
  first: number[];
  last: number[];
};

async function measure(shop: Shop, cache: string, url: string, asked: string, acceptEncoding: string | null, rows: Row[]) {
  for (let i = 0; i < WARMUP; i++) await ask(url, acceptEncoding);
  const before = shop.cpuMs();
  const answers: Answer[] = [];
  for (let i = 0; i < REQUESTS; i++) answers.push(await ask(url, acceptEncoding));
  const cpuMs = (shop.cpuMs() - before) / REQUESTS;
  const key = `${shop.label} ${cache} ${asked}`;
  let row = rows.find((r) => `${r.shop} ${r.cache} ${r.asked}` === key);
  if (!row) {
    row = { shop: shop.label, cache, asked, sent: answers[0]?.encoding ?? "", cpuMs: [], bytes: 0, first: [], last: [] };
    rows.push(row);
  }
  row.cpuMs.push(cpuMs);
  row.bytes = median(answers.map((a) => a.bytes));
  row.first.push(median(answers.map((a) => a.firstByteMs)));
  row.last.push(median(answers.map((a) => a.lastByteMs)));
}

async function startShop(label: string, port: number, pageCache: "on" | "off", shopDir = "."): Promise<Shop> {
  const shop = await startShopProcess(port, { PAGE_CACHE: pageCache }, { shopDir });
  return { label, ...shop };
}

type Compressor = Transform & Zlib;
const LEVELS: [string, () => Compressor, number][] = [
  ...[1, 3, 6].map((level): [string, () => Compressor, number] => [
    `zstd ${level}`,
    () => createZstdCompress({ params: { [constants.ZSTD_c_compressionLevel]: level } }),
    constants.ZSTD_e_flush,
  ]),
  ...[1, 2, 3, 4, 5].map((quality): [string, () => Compressor, number] => [
    `br ${quality}`,
    () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
    constants.BROTLI_OPERATION_FLUSH,
  ]),
  ...[1, 4, 6].map((level): [string, () => Compressor, number] => [
    `gzip ${level}`,
    () => createGzip({ level }),
    constants.Z_SYNC_FLUSH,
  ]),
];

/** The page compressed once, piece by piece, flushing after the pieces `flushAfter` says; its size. */
async function compressPieces(create: () => Compressor, kind: number, pieces: Buffer[], flushAfter: (index: number) => boolean) {
  const compressor = create();
  let bytes = 0;
  compressor.on("data", (chunk: Buffer) => {
    bytes += chunk.length;
  });
  const ended = new Promise((resolve) => compressor.once("end", resolve));
  for (const [index, piece] of pieces.entries()) {
    compressor.write(piece);
    if (flushAfter(index) && index < pieces.length - 1) await new Promise<void>((resolve) => compressor.flush(kind, resolve));
  }
  compressor.end();
  await ended;
  return bytes;
}

async function measureLevels(url: string) {
  const pieces = await new Promise<Buffer[]>((resolve, reject) => {
    http.get(url, (response) => {
      const received: Buffer[] = [];
      response.on("data", (chunk: Buffer) => received.push(chunk));
      response.on("end", () => resolve(received));
      response.on("error", reject);
    });
  });
  const pages = REQUESTS;
  console.log(`\nLevels: the page in the ${pieces.length} pieces it arrived in, ${pages} times each, CPU of this process`);
  console.log("| level | flush | bytes | CPU ms/page |\n|---|---|---:|---:|");
  const plans: [string, (index: number) => boolean][] = [
    ["after every piece", () => true],
    ["after the first piece", (index) => index === 0],
  ];
  for (const [name, create, kind] of LEVELS) {
    for (const [plan, flushAfter] of plans) {
      for (let i = 0; i < WARMUP; i++) await compressPieces(create, kind, pieces, flushAfter);
      const before = process.cpuUsage();
      let bytes = 0;
      for (let i = 0; i < pages; i++) bytes = await compressPieces(create, kind, pieces, flushAfter);
      const used = process.cpuUsage(before);
      console.log(`| ${name} | ${plan} | ${bytes} | ${((used.user + used.system) / 1000 / pages).toFixed(2)} |`);
    }
  }
}

const shops: { shop: Shop; cache: string }[] = [];
try {
  let port = PORT;
  for (const [label, dir] of compareDir
    ? [["before", compareDir] as const, ["after", "."] as const]
    : [["this build", "."] as const]) {
    shops.push({ shop: await startShop(label, port++, "off", dir), cache: "rendered" });
    shops.push({ shop: await startShop(label, port++, "on", dir), cache: "kept" });
  }
  const rows: Row[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Reversed every other round, so neither shop nor encoding always goes first.
    const order = round % 2 ? shops : [...shops].reverse();
    for (const { shop, cache } of order) {
      const encodings = round % 2 ? ENCODINGS : [...ENCODINGS].reverse();
      for (const [asked, header] of encodings) await measure(shop, cache, `${shop.baseUrl}${PAGE}`, asked, header, rows);
    }
  }
  const fmt = (values: number[]) =>
    `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;
  // Each round's CPU less the same shop's as-it-is CPU in that round: what the encoding itself costs,
  // with the load on the machine, which drifts between rounds, taken out.
  const overIdentity = (row: Row) => {
    const identity = rows.find((r) => r.shop === row.shop && r.cache === row.cache && r.asked === "identity");
    return row.cpuMs.map((ms, round) => ms - (identity?.cpuMs[round] ?? 0));
  };
  console.log(`${PAGE}, ${REQUESTS} requests a case a round, ${ROUNDS} rounds; medians (min–max) of the rounds`);
  console.log("| shop | page | asked | sent | CPU ms/request | over identity | bytes | first byte ms | last byte ms |");
  console.log("|---|---|---|---|---:|---:|---:|---:|---:|");
  rows.sort(
    (a, b) =>
      a.cache.localeCompare(b.cache) || ENCODINGS.findIndex(([e]) => e === a.asked) - ENCODINGS.findIndex(([e]) => e === b.asked),
  );
  for (const r of rows) {
    console.log(
      `| ${r.shop} | ${r.cache} | ${r.asked} | ${r.sent} | ${fmt(r.cpuMs)} | ${median(overIdentity(r)).toFixed(2)} | ${r.bytes} | ${median(r.first).toFixed(2)} | ${median(r.last).toFixed(2)} |`,
    );
  }
  const rendered = shops.find(({ cache }) => cache === "rendered");
  if (rendered) await measureLevels(`${rendered.shop.baseUrl}${PAGE}`);
} finally {
  keepAlive.destroy();
  for (const { shop } of shops) await shop.stop();
}
