/**
 * Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) on the pages a shopper and a
 * member see most, against the production build on Debian's Chromium. Each page is run several
 * times and the median of each figure is kept; the table replaces the marked section of
 * docs/benchmarks.md. The bag, the member page and the checkout summary are measured with a bag
 * holding one box and a signed-in member, both made through the pages first, as a person would.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { seedDevelopmentPhotos } from "../scripts/seed-photos.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/setup/chromium.ts";
import { startShopProcess } from "./harness.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3314);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(",");
const WRITE = process.env.LIGHTHOUSE_WRITE !== "0";
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;
/** LIGHTHOUSE_PHOTOS=1: every product has a photo (made on this machine), as a shop with real photos would. */
const PHOTOS = process.env.LIGHTHOUSE_PHOTOS === "1";
const ATTEMPTS = 3;
const PAGES: { name: string; path: string; signedIn: boolean }[] = [
  { name: "home", path: "/", signedIn: false },
  { name: "listing", path: "/shop/luna-collagen", signedIn: false },
  { name: "product", path: "/shop/luna-collagen/m8", signedIn: false },
  { name: "bag", path: "/bag", signedIn: true },
  { name: "member", path: "/member", signedIn: true },
  // The checkout's first step: a bag with lines is all it needs.
  { name: "checkout", path: "/checkout/summary", signedIn: true },
];
const BENCHMARKS_FILE = "docs/benchmarks.md";
const START_MARK = "<!-- bench:lighthouse:start -->";
const END_MARK = "<!-- bench:lighthouse:end -->";

type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** The HTML document's bytes on the wire, headers included. */
  documentBytes: number;
};

/** Signs in at the embedded identity provider and puts a box in the bag; returns the Cookie header. */
async function memberWithABag(baseUrl: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ baseURL: baseUrl });
    await page.goto("/member/login?redirect=%2Fmember");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL(/\/dev-idp\/interaction\//);
    await page.getByRole("radio", { name: "Google" }).check();
    await page.getByLabel("Email", { exact: true }).fill(`lighthouse-${Date.now()}@example.com`);
    await page.getByLabel("Name", { exact: true }).fill("Tan Wei Ling");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.waitForURL(`${baseUrl}/member`);
    await page.goto("/shop/luna-collagen/m8");
    // The page hydrates a frame after it paints; the bag's button posts through the fetcher.
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Add to bag" }).click();
    await page.getByRole("link", { name: "Bag, 1 item" }).waitFor();
    const cookies = await page.context().cookies(baseUrl);
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run; a run whose trace Chromium failed to record is tried again. */
async function audit(url: string, port: number, cookie: string | undefined, report: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, port, cookie, report);
    } catch (error) {
      if (attempt === ATTEMPTS) throw error;
      console.log(`retrying ${url}: ${(error as Error).message}`);
    }
  }
}

async function auditOnce(url: string, port: number, cookie: string | undefined, report: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse failed on ${url}: ${runtimeError.message}`);
  if (REPORTS_DIR) {
    writeFileSync(path.join(REPORTS_DIR, `${report}.json`), JSON.stringify(result.lhr));
    // The trace shows what a blocking task was made of, which the report's own audits leave out.
    writeFileSync(path.join(REPORTS_DIR, `${report}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const requests = (audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] })?.items;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    si: value("speed-index"),
    documentBytes: requests?.find((request) => request.resourceType === "Document")?.transferSize ?? Number.NaN,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function medians(runs: Figures[]): Figures {
  const of = (key: keyof Figures) => median(runs.map((run) => run[key]));
  return {
    performance: of("performance"),
    accessibility: of("accessibility"),
    bestPractices: of("bestPractices"),
    seo: of("seo"),
    fcp: of("fcp"),
    lcp: of("lcp"),
    tbt: of("tbt"),
    cls: of("cls"),
    si: of("si"),
    documentBytes: of("documentBytes"),
  };
}

function table(rows: { name: string; path: string; figures: Figures }[]): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const lines = [
    "| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | Speed Index | HTML |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      ({ name, path, figures: f }) =>
        `| ${name} \`${path}\` | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${seconds(f.fcp)} | ${seconds(f.lcp)} | ${Math.round(f.tbt)} ms | ${f.cls.toFixed(3)} | ${seconds(f.si)} | ${(f.documentBytes / 1000).toFixed(1)} KB |`,
    ),
  ];
  return lines.join("\n");
}

function writeSection(body: string): void {
  const document = readFileSync(BENCHMARKS_FILE, "utf8");
  const start = document.indexOf(START_MARK);
  const end = document.indexOf(END_MARK);
  if (start === -1 || end === -1) throw new Error(`${BENCHMARKS_FILE} has no ${START_MARK} … ${END_MARK} section`);
  writeFileSync(BENCHMARKS_FILE, `${document.slice(0, start + START_MARK.length)}\n${body}\n${document.slice(end)}`);
}

/** A first start migrates and seeds a new database, which on a busy machine outlasts the harness's wait. */
async function waitUntilReady(baseUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The shop at ${baseUrl} did not start`);
}

/** The machine is shared: its one-minute load says how far a run's blocking times can be trusted. */
const oneMinuteLoad = () => loadavg()[0] ?? Number.NaN;
const loadBefore = oneMinuteLoad();
const shop = await startShopProcess(
  PORT,
  { PUBLIC_URL: `http://127.0.0.1:${PORT}` },
  PHOTOS ? { prepare: async (dataDir) => void (await seedDevelopmentPhotos(dataDir)) } : {},
);
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
if (REPORTS_DIR) mkdirSync(REPORTS_DIR, { recursive: true });
try {
  await waitUntilReady(shop.baseUrl);
  const cookie = await memberWithABag(shop.baseUrl);
  const pages = PAGES.filter((page) => !ONLY || ONLY.includes(page.name));
  // Warm the server (page cache, catalogue in memory) so the runs measure the page, not a first start.
  for (const page of pages) await fetch(`${shop.baseUrl}${page.path}`, { headers: page.signedIn ? { cookie } : {} });
  const runs = new Map<string, Figures[]>(pages.map((page) => [page.name, []]));
  // Rounds alternate between pages, so a busy moment on the machine spreads over all of them.
  for (let round = 1; round <= RUNS; round++) {
    for (const page of pages) {
      const report = `${page.name}-${round}`;
      const figures = await audit(`${shop.baseUrl}${page.path}`, chrome.port, page.signedIn ? cookie : undefined, report);
      runs.get(page.name)?.push(figures);
      console.log(
        `round ${round} ${page.name}: ${figures.performance}/${figures.accessibility}/${figures.bestPractices}/${figures.seo}, LCP ${Math.round(figures.lcp)} ms`,
      );
    }
  }
  const loadAfter = oneMinuteLoad();
  const rows = pages.map((page) => ({ ...page, figures: medians(runs.get(page.name) ?? []) }));
  const result = table(rows);
  console.log(`\n${result}`);
  if (WRITE) {
    const date = new Date().toISOString().slice(0, 10);
    const command = [process.env.LIGHTHOUSE_RUNS && `LIGHTHOUSE_RUNS=${RUNS}`, "npm run bench:lighthouse"]
      .filter(Boolean)
      .join(" ");
    const load = `load average ${loadBefore.toFixed(1)} before the run, ${loadAfter.toFixed(1)} after`;
    writeSection(`Last run ${date}, medians of ${RUNS} runs a page (\`${command}\`, ${load}):\n\n${result}`);
    console.log(`\nwritten to ${BENCHMARKS_FILE}`);
  }
} finally {
  chrome.kill();
  await shop.stop();
}
