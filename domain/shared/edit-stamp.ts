import { createHash } from "node:crypto";
import { z } from "zod";
import { AppError } from "../../kernel/app-error.ts";
import { optional } from "./input.ts";

/** JSON with every object's keys in order, so equal values give equal text however they were read. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object" && !(value instanceof Date)) {
    const entries = Object.entries(value).filter(([, field]) => field !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * A fingerprint of what staff edit of something (a product, an option, a flavour, the programme's
 * draft), as a form showed it. The form sends it back; when the row has changed since, someone else
 * saved in between, and the save or publish is refused rather than silently undoing or skipping
 * their change.
 */
export function editStamp(editable: unknown): string {
  return createHash("sha256").update(canonicalJson(editable)).digest("base64url").slice(0, 22);
}

/** The stamp the form was opened with. Optional: a request without one (or with it empty) is not checked. */
export const seenStampField = () => optional(z.string().max(64, { error: "is not a form's stamp" }), { emptyIsAbsent: true });

/** Why a save from a form opened before someone else's save is refused. */
export const staleSaveMessage = (what: string) =>
  `Someone else saved ${what} after you opened this page, so your changes were not saved. Check what is saved now, then save again to replace it with yours.`;

/** A refusal (409) of a request made from a page that showed what has changed since: the page should read itself again. */
export class StaleEditError extends AppError {
  constructor(message: string) {
    super("CONFLICT", message);
  }
}

export const isStaleEdit = (error: unknown): error is StaleEditError => error instanceof StaleEditError;

/** Refuses a request made from a form opened before the row's last change. */
export function refuseStaleEdit(seen: string | undefined, current: unknown, message: string): void {
  if (seen === undefined || seen === editStamp(current)) return;
  throw new StaleEditError(message);
}
