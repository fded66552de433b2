import { randomBytes, randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair } from "jose";
import type { JWKS } from "oidc-provider";
import type { Database } from "../../../db/client.ts";
import { storedSecret } from "../../../db/stored-secret.ts";

export type ProviderSecrets = {
  clientSecret: string;
  /** Private signing keys (RS256): tokens verify across restarts and processes. */
  jwks: JWKS;
  /** Keys that sign the provider's cookies. */
  cookieKeys: string[];
  /** The key sign-in codes sent by email are hashed with. */
  codeKey: string;
};

/** The client secret, signing keys, cookie keys and code key: made once, kept in the database, the same for every process. */
export async function loadProviderSecrets(db: Database): Promise<ProviderSecrets> {
  const clientSecret = await storedSecret(db, "identity-provider-client-secret", () => randomBytes(32).toString("base64url"));
  const jwks = await storedSecret(db, "identity-provider-signing-keys", signingKeys);
  const cookieKeys = await storedSecret(db, "identity-provider-cookie-keys", () => [randomBytes(32).toString("base64url")]);
  const codeKey = await storedSecret(db, "identity-provider-code-key", () => randomBytes(32).toString("base64url"));
  return { clientSecret, jwks, cookieKeys, codeKey };
}

async function signingKeys(): Promise<JWKS> {
  const { privateKey } = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...jwk, kid: randomUUID(), alg: "RS256", use: "sig" }] };
}
