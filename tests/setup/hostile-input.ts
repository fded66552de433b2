import { sql } from "drizzle-orm";
import fc from "fast-check";
import { expect } from "vitest";
import type { Database } from "../../db/client.ts";
import { MAX_BODY_BYTES } from "../../server/http/body-limit.ts";
import { queryRows } from "./test-database.ts";

/**
 * Hostile input for the bad-input suites: values no field of the shop accepts, so every request made
 * of them must be refused (4xx, or a GraphQL error) and change nothing.
 */

/** PostgreSQL cannot store NUL in text, and a lone UTF-16 surrogate is not text at all. */
const POISONS = ["\u0000", "\ud800", "\udbff", "\udc00", "\udfff"];

export const poisonedText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...POISONS), fc.string({ maxLength: 8 }))
  .map(([before, poison, after]) => `${before}${poison}${after}`);

/** Longer than any text field allows; the biggest are near or just over the 64 KB body limit. */
export const hugeText = fc.oneof(
  fc
    .tuple(fc.constantFrom(5_001, 20_000, 60_000, 70_000), fc.constantFrom("x", "9"))
    .map(([length, unit]) => unit.repeat(length)),
  fc.constantFrom("é", "漢", "😀").map((unit) => unit.repeat(5_001)),
);

export const refusedText = fc.oneof(poisonedText, hugeText);

/** Text where a whole number from 1 to 99 goes (a quantity) that is not one. */
export const notAQuantity = fc.constantFrom(
  "0",
  "-1",
  "1e308",
  "-1e308",
  "NaN",
  "Infinity",
  "1.5",
  "",
  " ",
  "9".repeat(400),
  "١",
);

/** JSON nested deeper than anything the shop reads (the edge refuses more than 32 levels). */
export const deepJson = fc.integer({ min: 40, max: 2_000 }).map((depth) => {
  let value: unknown = "x";
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
});

const wrongShapes = fc.constantFrom<unknown>({}, [], true, false, { $ne: null }, [1, 2], { toString: "x" });

/** For a String argument or a text key of a meta object: never text a field accepts. */
export const hostileString: fc.Arbitrary<unknown> = fc.oneof(
  refusedText,
  fc.constantFrom<unknown>(1e308, -1, 0, 2 ** 53 + 1),
  wrongShapes,
  deepJson,
);

/** For an ID argument: GraphQL turns whole numbers into ids ("1e+308"), so those reach the operation. */
export const hostileId: fc.Arbitrary<unknown> = fc.oneof(
  refusedText,
  fc.constantFrom<unknown>(1e308, -1, 0, "", " ", "NaN", "not-a-uuid", "' or 1=1 --", "00000000-0000-0000-0000-000000000000"),
  fc.uuid(),
  wrongShapes,
  deepJson,
);

/** For a number key of a meta object (points, price, ltv, quantity). */
export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  refusedText,
  fc.constantFrom<unknown>(1e308, -1e308, -1, "NaN", "1e308", "Infinity", "-5"),
  wrongShapes,
  deepJson,
);

/** For an epoch-seconds key (a negative one may be a real date, so only the absurd). */
export const hostileEpoch: fc.Arbitrary<unknown> = fc.oneof(
  refusedText,
  fc.constantFrom<unknown>(1e308, -1e308, "NaN", "Infinity"),
  wrongShapes,
  deepJson,
);

/** Text that is not a JSON object a meta argument could mean. */
export const notMetaJson = fc.constantFrom("{", '{"a":', "[]", "1e308", "true", '"just text"', "[1,2,3]");

/**
 * A form body the way a client that does not check its text would send it: UTF-8 percent-escapes,
 * and a lone surrogate as the three bytes WTF-8 gives it (URLSearchParams would quietly make it U+FFFD).
 */
export function wtf8FormBody(fields: [string, string][]): string {
  const percentEscape = (text: string) => {
    let out = "";
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0xd800 || code > 0xdfff) out += encodeURIComponent(char);
      else
        for (const byte of [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)])
          out += `%${byte.toString(16).toUpperCase()}`;
    }
    return out;
  };
  return fields.map(([name, value]) => `${percentEscape(name)}=${percentEscape(value)}`).join("&");
}

/**
 * Tables whose rows a refused request may still touch: rate-limit counters (counting refused attempts
 * is their job), sessions' last use, sign-in attempts and the identity provider's own records.
 */
const BOOKKEEPING = new Set(["rate_limit_hits", "member_sessions", "sign_in_attempts", "identity_provider_records"]);

export type DatabaseSnapshot = Record<string, string>;

const tablesOf = new WeakMap<Database, Promise<string[]>>();

/** Every other table's row count and a hash of all its rows, in one query. */
export async function snapshotOf(db: Database): Promise<DatabaseSnapshot> {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ).then((rows) => rows.map((row) => row.name).filter((name) => !BOOKKEEPING.has(name)));
    tablesOf.set(db, tables);
  }
  const each = (await tables).map(
    (name) =>
      `select '${name}' as name, count(*)::int || ' rows, ' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as state from "${name}" t`,
  );
  const rows = await queryRows<{ name: string; state: string }>(db, sql.raw(each.join(" union all ")));
  return Object.fromEntries(rows.map((row) => [row.name, row.state]));
}

/**
 * The snapshot once background work has settled: every order email written has been sent (its job
 * may wait for the queue's next poll), and then nothing changes for a while.
 */
export async function settledSnapshotOf(db: Database, timeoutMs = 30_000): Promise<DatabaseSnapshot> {
  const deadline = Date.now() + timeoutMs;
  const unsent = async () =>
    (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from email_outbox where sent_at is null`))[0]?.n ?? 0;
  while ((await unsent()) > 0) {
    if (Date.now() > deadline) throw new Error("order emails were still unsent with no request running");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  let last = await snapshotOf(db);
  for (let stableReads = 0; stableReads < 3; ) {
    if (Date.now() > deadline) throw new Error("the database kept changing with no request running");
    await new Promise((resolve) => setTimeout(resolve, 250));
    const next = await snapshotOf(db);
    stableReads = JSON.stringify(next) === JSON.stringify(last) ? stableReads + 1 : 0;
    last = next;
  }
  return last;
}

export async function expectUnchanged(db: Database, before: DatabaseSnapshot, request: string): Promise<void> {
  const after = await snapshotOf(db);
  const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
  expect(changed, `tables changed by a refused request: ${request}`).toEqual([]);
}

/** Rate limits would soon answer every request before its input is read; the suites test the input. */
export async function forgetRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limit_hits`);
}

/** A generated value that fast-check reports as `shown`: a huge body would flood the report. */
export function labelled<T extends object>(value: T, shown: string): T {
  return Object.assign(value, { [fc.toStringMethod]: () => shown, toString: () => shown });
}

/** A body as the bytes and content type the client sends, so its size is known before sending. */
export async function bytesOf(
  body: string | FormData,
  contentType?: string,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }> {
  const request = new Request("http://encoder.test", {
    method: "POST",
    body,
    headers: contentType ? { "content-type": contentType } : {},
  });
  return { bytes: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get("content-type") ?? "" };
}

/**
 * Sends a body and reads the status. The server may answer a body over the limit with 413 and close
 * the connection before the client has written it all; only then is a closed connection a refusal.
 */
export async function statusOf(
  send: (body: Uint8Array<ArrayBuffer>) => Promise<Response>,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<{ status: number; text: string }> {
  try {
    const response = await send(bytes);
    return { status: response.status, text: await response.text() };
  } catch (error) {
    if (bytes.length > MAX_BODY_BYTES) return { status: 413, text: "" };
    throw error;
  }
}

/** What a request sent, short enough for a failure message. */
export function describeRequest(target: string, input: unknown): string {
  const text = JSON.stringify(input, (_key, value) =>
    typeof value === "string" && value.length > 80 ? `<${value.length} chars: ${value.slice(0, 12)}…>` : value,
  );
  return `${target} ${text && text.length > 600 ? `${text.slice(0, 600)}…` : text}`;
}
