import { createHash } from "node:crypto";
import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";

/**
 * A fingerprint of what staff edit of a product, an option or a flavour, as a form showed it. The
 * form sends it back with its save; when the row has changed since, someone else saved in between
 * and the save is refused, rather than silently undoing their change.
 */
export function editStamp(editable: Record<string, unknown>): string {
  return createHash("sha256").update(JSON.stringify(editable)).digest("base64url").slice(0, 22);
}

/** The stamp the form was opened with. Optional: a save without one is not checked. */
export const seenStampField = () => z.string().max(64, { error: "is not a form's stamp" }).optional();

/** Refuses a save made from a form opened before the row's last change. */
export function refuseStaleEdit(seen: string | undefined, current: Record<string, unknown>, what: string): void {
  if (seen === undefined || seen === editStamp(current)) return;
  throw new AppError(
    "CONFLICT",
    `Someone else saved ${what} after you opened this page, so your changes were not saved. Check what is saved now, then save again to replace it with yours.`,
  );
}
