import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Started, startProcess } from "./processes.ts";

const NGINX = "/usr/sbin/nginx";
const TEMPLATE = path.resolve(import.meta.dirname, "../../deploy/nginx/rehearsal.conf.template");

export type Certificate = { cert: string; key: string };

/** A throwaway self-signed certificate for 127.0.0.1, valid for two days. */
export function makeCertificate(dir: string): Certificate {
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1"].concat([
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-keyout",
      key,
      "-out",
      cert,
    ]),
    { stdio: "ignore" },
  );
  return { cert, key };
}

/**
 * Fills in the committed template and starts Debian's nginx on it in the foreground, with its pid
 * file, logs and temporary files under `dir` (never the system service). `values` name the ports.
 */
export function startNginx(dir: string, logDir: string, certificate: Certificate, values: Record<string, number>): Started {
  mkdirSync(dir, { recursive: true });
  // Worker processes (nobody, when started as root) create their temporary files under dir.
  for (const open of [path.dirname(dir), dir]) chmodSync(open, 0o755);
  const filled = Object.entries({ DIR: dir, CERT: certificate.cert, KEY: certificate.key, ...values }).reduce(
    (text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)),
    readFileSync(TEMPLATE, "utf8"),
  );
  const unfilled = /\{\{\w+\}\}/.exec(filled);
  if (unfilled) throw new Error(`nginx template: no value for ${unfilled[0]}`);
  const config = path.join(dir, "nginx.conf");
  writeFileSync(config, filled);
  const args = ["-c", config, "-p", dir, "-e", path.join(dir, "error.log")];
  execFileSync(NGINX, [...args, "-t", "-q"], { stdio: "inherit" });
  return startProcess(logDir, "nginx", NGINX, args, {});
}
