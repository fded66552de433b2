import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { emailText, sentEmailFiles } from "../setup/email-text.ts";

/** The shop under test writes each email it sends into its data directory's outbox. */
const OUTBOX = path.resolve(import.meta.dirname, "../../data/e2e/outbox");

/** The text of every email sent so far that contains `text`. */
export async function emailsAbout(text: string): Promise<string[]> {
  const files = await readdir(OUTBOX).catch(() => [] as string[]);
  const emails = await Promise.all(files.map((file) => readFile(path.join(OUTBOX, file), "utf8")));
  return emails.map(emailText).filter((email) => email.includes(text));
}

/** The emails sent to this address so far, as .eml text. */
export async function emailsTo(address: string): Promise<string[]> {
  const emails = await Promise.all(sentEmailFiles(OUTBOX).map((file) => readFile(path.join(OUTBOX, file), "utf8")));
  return emails.filter((eml) => new RegExp(`^To: ${address.replace(/[.+]/g, "\\$&")}\\r?$`, "m").test(eml));
}
