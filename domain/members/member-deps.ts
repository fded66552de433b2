import type { Database } from "../../db/client.ts";

/** A JSON value read from the database that could not be parsed; it was replaced by an empty value. */
export type MalformedMemberData = { memberId: string; field: string; raw: string; error: string };

/** A malformed value is reported with at most this much of its text. */
export const MAX_REPORTED_RAW = 500;

export type MemberDeps = {
  db: Database;
  /** Told about every malformed JSON value read, so it is logged rather than silently dropped. */
  onMalformed: (detail: MalformedMemberData) => void;
  now?: () => Date;
};

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const nowOf = (deps: Pick<MemberDeps, "now">): Date => deps.now?.() ?? new Date();
