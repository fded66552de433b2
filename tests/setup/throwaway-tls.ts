import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { getCACertificates, setDefaultCACertificates } from "node:tls";

/**
 * A self-signed certificate for 127.0.0.1, made by openssl into `dir`, that this process's TLS clients
 * (fetch included) then trust: a hosted service's HTTPS without the internet.
 */
export function trustedThrowawayCertificate(dir: string): { keyFile: string; certFile: string } {
  const [keyFile, certFile] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"].concat([
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ]),
    { stdio: "ignore" },
  );
  setDefaultCACertificates([...getCACertificates("default"), readFileSync(certFile, "utf8")]);
  return { keyFile, certFile };
}
