/**
 * The production rehearsal (`npm run rehearse`, inside scripts/pg-test-cluster.sh): starts the
 * production topology on 127.0.0.1 in a temporary directory — the identity pool, a Stripe stand-in,
 * a mail server, two production shop processes and a staging one behind nginx with TLS — runs the
 * browser journeys of tests/rehearsal through nginx, and stops everything it started, also on failure.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { makeCertificate, startNginx } from "./nginx.ts";
import { isRunning, type Started, startProcess, statusOf, stopAll, tail, waitUntil } from "./processes.ts";

const PORTS = {
  SHOP_A_PORT: 3230,
  SHOP_B_PORT: 3231,
  STAGING_PORT: 3232,
  POOL_PORT: 3233,
  STRIPE_PORT: 3234,
  MAIL_PORT: 3235,
  SHOP_HTTPS_PORT: 8440,
  POOL_HTTPS_PORT: 8441,
  STAGING_HTTPS_PORT: 8442,
};
const SHOP_URL = `https://127.0.0.1:${PORTS.SHOP_HTTPS_PORT}`;
const STAGING_URL = `https://127.0.0.1:${PORTS.STAGING_HTTPS_PORT}`;
const POOL_URL = `https://127.0.0.1:${PORTS.POOL_HTTPS_PORT}`;
/** The staff identity the journeys sign in with at the pool; the shops' owner. */
const OWNER_EMAIL = "owner@nectarlab.test";

const clusterUrl = process.env.TEST_DATABASE_URL;
if (!clusterUrl) throw new Error("Run through scripts/pg-test-cluster.sh: npm run rehearse");
const root = mkdtempSync(path.join(os.tmpdir(), "rehearsal-"));
const logs = path.join(root, "logs");
const mailDir = path.join(root, "mail");
for (const dir of [logs, mailDir]) mkdirSync(dir);
const script = (name: string) => path.resolve(import.meta.dirname, name);
const node = (name: string, file: string, env: Record<string, string>) => startProcess(logs, name, process.execPath, [file], env);

let shops: Started[] = [];
const started = performance.now();
let failure: unknown = null;
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.once(signal, () => {
    console.error(`rehearsal: stopped by ${signal}; logs in ${logs}`);
    void stopAll().finally(() => process.exit(code));
  });
}

try {
  const stagingDb = await createDatabase(clusterUrl, "shop_staging");
  const poolDb = await createDatabase(clusterUrl, "identity_pool");
  const certificate = makeCertificate(root);
  const ca = readFileSync(certificate.cert);
  const secrets = {
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString("hex")}`,
    METRICS_TOKEN: randomBytes(24).toString("hex"),
    EMAIL_LINK_SECRET: randomBytes(32).toString("hex"),
  };
  const trustCertificate = { NODE_EXTRA_CA_CERTS: certificate.cert };

  const mail = node("mail-store", script("mail-store.ts"), { PORT: String(PORTS.MAIL_PORT), MAIL_DIR: mailDir });
  const stripe = node("stripe-stand-in", script("stripe-stand-in.ts"), {
    ...trustCertificate,
    PORT: String(PORTS.STRIPE_PORT),
    PUBLIC_URL: `http://127.0.0.1:${PORTS.STRIPE_PORT}`,
    WEBHOOK_URL: `${SHOP_URL}/api/stripe/webhook`,
    STRIPE_WEBHOOK_SECRET: secrets.STRIPE_WEBHOOK_SECRET,
  });
  const clientFile = path.join(root, "identity-pool-client.json");
  const pool = node("identity-pool", script("identity-pool.ts"), {
    PORT: String(PORTS.POOL_PORT),
    PUBLIC_URL: POOL_URL,
    DATABASE_URL: poolDb,
    SHOP_URLS: [SHOP_URL, STAGING_URL].join(","),
    CLIENT_FILE: clientFile,
  });
  const nginx = startNginx(path.join(root, "nginx"), logs, certificate, PORTS);
  await waitUntil("identity pool", async () => existsSync(clientFile), pool);
  const client = JSON.parse(readFileSync(clientFile, "utf8")) as { issuer: string; clientId: string; clientSecret: string };

  const common = {
    ...trustCertificate,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    TRUSTED_PROXY_HOPS: "1",
    LOG_LEVEL: "info",
    SMTP_URL: `smtp://127.0.0.1:${PORTS.MAIL_PORT}`,
    OWNER_EMAILS: OWNER_EMAIL,
    OIDC_ISSUER: client.issuer,
    OIDC_CLIENT_ID: client.clientId,
    OIDC_CLIENT_SECRET: client.clientSecret,
    METRICS_TOKEN: secrets.METRICS_TOKEN,
    EMAIL_LINK_SECRET: secrets.EMAIL_LINK_SECRET,
  };
  const production = {
    ...common,
    APP_ENV: "production",
    DATABASE_URL: clusterUrl,
    PUBLIC_URL: SHOP_URL,
    DATA_DIR: path.join(root, "shop-data"),
    STRIPE_SECRET_KEY: "sk_test_rehearsal",
    STRIPE_WEBHOOK_SECRET: secrets.STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${PORTS.STRIPE_PORT}`,
  };
  shops = [PORTS.SHOP_A_PORT, PORTS.SHOP_B_PORT].map((port, i) =>
    node(`shop-${i + 1}`, "server/index.ts", { ...production, PORT: String(port) }),
  );
  const staging = node("shop-staging", "server/index.ts", {
    ...common,
    APP_ENV: "staging",
    DATABASE_URL: stagingDb,
    PUBLIC_URL: STAGING_URL,
    DATA_DIR: path.join(root, "staging-data"),
    PORT: String(PORTS.STAGING_PORT),
  });

  await waitUntil("mail store", () => canConnect(PORTS.MAIL_PORT), mail);
  await waitUntil(
    "Stripe stand-in",
    async () => (await statusOf(`http://127.0.0.1:${PORTS.STRIPE_PORT}/v1/checkout/sessions`)) === 200,
    stripe,
  );
  const ports = [PORTS.SHOP_A_PORT, PORTS.SHOP_B_PORT, PORTS.STAGING_PORT];
  await Promise.all(
    [...shops, staging].map((shop, i) =>
      waitUntil(shop.name, async () => (await statusOf(`http://127.0.0.1:${ports[i]}/readyz`)) === 200, shop),
    ),
  );
  for (const url of [SHOP_URL, STAGING_URL]) {
    await waitUntil(`nginx at ${url}`, async () => (await statusOf(`${url}/readyz`, ca)) === 200, nginx);
  }
  console.log(`rehearsal: everything is up after ${seconds()} s; logs in ${logs}`);

  const journeys = await run("npx", ["playwright", "test", "-c", "playwright.rehearsal.config.ts", ...process.argv.slice(2)], {
    ...process.env,
    REHEARSAL_SHOP_URL: SHOP_URL,
    REHEARSAL_STAGING_URL: STAGING_URL,
    REHEARSAL_MAIL_DIR: mailDir,
    REHEARSAL_OWNER_EMAIL: OWNER_EMAIL,
    REHEARSAL_DATABASE_URL: clusterUrl,
    REHEARSAL_STRIPE_URL: `http://127.0.0.1:${PORTS.STRIPE_PORT}`,
    REHEARSAL_SHOPS: JSON.stringify(shops.map((shop, i) => ({ pid: shop.child.pid, port: ports[i] }))),
    METRICS_TOKEN: secrets.METRICS_TOKEN,
  });
  if (journeys !== 0) throw new Error(`the journeys failed (exit ${journeys})`);
  const stopped = [nginx, pool, stripe, mail, staging].find((service) => !isRunning(service));
  if (stopped) throw new Error(`${stopped.name} stopped during the run (see ${stopped.log})`);
} catch (error) {
  failure = error;
} finally {
  await stopAll();
}
// A journey may pass over an error the shopper never saw; production would page someone for it.
const logged = await loggedErrors(["shop-1", "shop-2", "shop-staging"].map((name) => path.join(logs, `${name}.log`)));
if (!failure && logged.length > 0) failure = new Error(`the shops logged errors:\n${logged.join("\n")}`);

if (failure) {
  for (const name of ["shop-1", "shop-2", "shop-staging", "identity-pool", "stripe-stand-in"]) {
    console.error(`\n--- last lines of ${name}.log ---\n${await tail(path.join(logs, `${name}.log`))}`);
  }
  console.error(`\nrehearsal FAILED after ${seconds()} s: ${failure instanceof Error ? failure.message : String(failure)}`);
  console.error(`logs: ${logs} (nginx: ${path.join(root, "nginx")})`);
  process.exit(1);
}
if (process.env.REHEARSE_KEEP) console.log(`logs kept in ${logs}`);
else rmSync(root, { recursive: true, force: true });
console.log(`rehearsal passed in ${seconds()} s`);

function seconds(): number {
  return Math.round((performance.now() - started) / 1000);
}

/** A new database on the cluster, as a connection URL. */
async function createDatabase(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return Object.assign(new URL(url), { pathname: `/${name}` }).href;
}

/** The lines of pino logs at level error or above. */
async function loggedErrors(files: string[]): Promise<string[]> {
  const texts = await Promise.all(files.map((file) => readFile(file, "utf8").catch(() => "")));
  return texts.flatMap((text) => text.split("\n").filter((line) => /^\{"level":(5|6)\d,/.test(line)));
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: "inherit" });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
