import type { OperationContext } from "../shared/context.ts";

/** A JSON value read from the database that could not be parsed; it was replaced by an empty value. */
export type MalformedMemberData = { memberId: string; field: string; raw: string; error: string };

/** A malformed value is reported with at most this much of its text. */
export const MAX_REPORTED_RAW = 500;

/** What reading and changing a member needs: the database, the clock, and a log for malformed stored JSON. */
export type MemberDeps = Pick<OperationContext, "db" | "now" | "log">;

/** What creating a member or moving its points needs as well: the job queue, for the events they record. */
export type MemberWriteDeps = MemberDeps & Pick<OperationContext, "jobs">;

export const nowOf = (deps: Pick<MemberDeps, "now">): Date => deps.now();

/** Logged, never thrown: the value reads as empty and the member stays usable. */
export function reportMalformed(deps: Pick<MemberDeps, "log">, detail: MalformedMemberData): void {
  deps.log.warn(detail, "malformed JSON in a member's records");
}
