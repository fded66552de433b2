import { parseJsonField } from "../../kernel/json-field.ts";
import { MAX_REPORTED_RAW, type MemberDeps, reportMalformed } from "./member-deps.ts";

type Meta = Record<string, unknown>;

/** A stored meta object (maybe a JSON string, maybe double-encoded); malformed or not an object -> {} and reported. */
export function readMeta(deps: Pick<MemberDeps, "log">, memberId: string, field: string, value: unknown): Meta {
  const report = (raw: string, error: string) =>
    reportMalformed(deps, { memberId, field, raw: raw.slice(0, MAX_REPORTED_RAW), error });
  const parsed = parseJsonField<unknown>(value, {}, ({ raw, error }) => report(raw, error));
  if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as Meta;
  report(JSON.stringify(parsed), "expected a JSON object");
  return {};
}
