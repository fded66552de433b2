import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { emailSignInCodes } from "../../db/schema/identity-provider.ts";
import { queueSignInCodeEmail } from "../../domain/identity/sign-in-code-email.ts";
import { jobViewer } from "../../domain/jobs/define-job.ts";
import { sendOutboxEmail } from "../../domain/outbox/send-outbox-email.ts";
import { clientLimiter, IDP_LIMITS } from "../../domain/shared/rate-limit.ts";
import type { Mailer, OutgoingEmail } from "../../integrations/email/mailer.ts";
import {
  type CodeMail,
  type CodeMailer,
  checkEmailCode,
  EMAIL_CODE,
  sendEmailCode,
} from "../../integrations/identity/embedded-provider/email-codes.ts";
import { testContext } from "../setup/operation-context.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const KEY = "test-code-key";
const MINUTE = 60_000;

describe(`sign-in codes sent by email (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const store = (now?: Date) => ({ db: database.db, key: KEY, ...(now ? { now: () => now } : {}) });

  /** Sends a code for a new sign-in and answers it with the code the email carried. */
  async function sent(email = `shopper-${randomUUID().slice(0, 8)}@example.com`, at?: Date) {
    const mails: CodeMail[] = [];
    const mail: CodeMailer = async (_tx, message) => {
      mails.push(message);
    };
    const interactionUid = randomUUID();
    await sendEmailCode(store(at), mail, { interactionUid, email });
    const [message] = mails;
    if (!message) throw new Error("No code was emailed.");
    return { interactionUid, email, code: message.code, message };
  }

  const wrongCode = (code: string) => String((Number(code) + 1) % 10 ** EMAIL_CODE.digits).padStart(EMAIL_CODE.digits, "0");

  it("emails six digits that expire in ten minutes, and keeps only a hash of them", async () => {
    const at = new Date();
    const { interactionUid, code, message } = await sent(undefined, at);
    expect(code).toMatch(/^\d{6}$/);
    expect(message.expiresAt.getTime() - at.getTime()).toBe(10 * MINUTE);
    const rows = await database.db.select().from(emailSignInCodes).where(eq(emailSignInCodes.interactionUid, interactionUid));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it("signs in once with the right code: the same code again signs in no one", async () => {
    const { interactionUid, email, code } = await sent();
    expect(await checkEmailCode(store(), { interactionUid, code })).toEqual({ outcome: "signed-in", email });
    expect(await checkEmailCode(store(), { interactionUid, code })).toEqual({ outcome: "dead" });
  });

  it("refuses a code after its ten minutes", async () => {
    const at = new Date();
    const { interactionUid, code } = await sent(undefined, at);
    const late = new Date(at.getTime() + 10 * MINUTE);
    expect(await checkEmailCode(store(late), { interactionUid, code })).toEqual({ outcome: "dead" });
    // Expiry is not a try: within the time the code still works.
    const inTime = new Date(at.getTime() + 10 * MINUTE - 1000);
    expect(await checkEmailCode(store(inTime), { interactionUid, code })).toMatchObject({ outcome: "signed-in" });
  });

  it("allows five tries: after the fifth wrong one even the right code is dead", async () => {
    const { interactionUid, email, code } = await sent();
    const outcomes = [];
    for (let n = 0; n < EMAIL_CODE.maxTries; n++)
      outcomes.push(await checkEmailCode(store(), { interactionUid, code: wrongCode(code) }));
    expect(outcomes).toEqual([
      { outcome: "wrong", email, triesLeft: 4 },
      { outcome: "wrong", email, triesLeft: 3 },
      { outcome: "wrong", email, triesLeft: 2 },
      { outcome: "wrong", email, triesLeft: 1 },
      { outcome: "dead" },
    ]);
    expect(await checkEmailCode(store(), { interactionUid, code })).toEqual({ outcome: "dead" });
  });

  it("counts guesses made all at once against the same five tries", async () => {
    const { interactionUid, code } = await sent();
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () => checkEmailCode(store(), { interactionUid, code: wrongCode(code) })),
    );
    expect(guesses.filter((guess) => guess.outcome === "wrong")).toHaveLength(EMAIL_CODE.maxTries - 1);
    const [row] = await database.db.select().from(emailSignInCodes).where(eq(emailSignInCodes.interactionUid, interactionUid));
    expect(row?.tries).toBe(EMAIL_CODE.maxTries);
    expect(await checkEmailCode(store(), { interactionUid, code })).toEqual({ outcome: "dead" });
  });

  it("signs in at most once when the right code is checked several times at once", async () => {
    const { interactionUid, email, code } = await sent();
    const checks = await Promise.all(Array.from({ length: 4 }, () => checkEmailCode(store(), { interactionUid, code })));
    expect(checks.filter((check) => check.outcome === "signed-in")).toEqual([{ outcome: "signed-in", email }]);
    expect(checks.filter((check) => check.outcome === "dead")).toHaveLength(3);
  });

  it("works only in the sign-in it was sent for, for the address it was sent to; a new code replaces the old", async () => {
    const first = await sent("mei.ling@example.com");
    const other = await sent("attacker@example.com");
    // The attacker's own sign-in checks its own code's address, whatever code it is given.
    expect(await checkEmailCode(store(), { interactionUid: other.interactionUid, code: first.code })).toMatchObject({
      email: "attacker@example.com",
    });
    const mails: CodeMail[] = [];
    await sendEmailCode(store(), async (_tx, message) => void mails.push(message), {
      interactionUid: first.interactionUid,
      email: "mei.ling@example.com",
    });
    const rows = await database.db
      .select({ id: emailSignInCodes.id })
      .from(emailSignInCodes)
      .where(eq(emailSignInCodes.interactionUid, first.interactionUid));
    expect(rows).toHaveLength(1);
    expect(await checkEmailCode(store(), { interactionUid: first.interactionUid, code: mails[0]?.code ?? "" })).toEqual({
      outcome: "signed-in",
      email: "mei.ling@example.com",
    });
  });

  it("stores no code when its email cannot be written", async () => {
    const interactionUid = randomUUID();
    const failing: CodeMailer = async () => {
      throw new Error("outbox unavailable");
    };
    await expect(sendEmailCode(store(), failing, { interactionUid, email: "mei.ling@example.com" })).rejects.toThrow(
      "outbox unavailable",
    );
    expect(await database.db.select().from(emailSignInCodes).where(eq(emailSignInCodes.interactionUid, interactionUid))).toEqual(
      [],
    );
  });

  it("emails the code through the outbox, which forgets it once sent", async () => {
    const recording = recordingJobs();
    const delivered: OutgoingEmail[] = [];
    const mailer: Mailer = {
      send: async (email) => {
        delivered.push(email);
        return { messageId: `<${email.key}@test>` };
      },
    };
    const codes: string[] = [];
    await sendEmailCode(
      store(),
      (tx, message) => {
        codes.push(message.code);
        return queueSignInCodeEmail(recording.jobs, tx, message);
      },
      { interactionUid: randomUUID(), email: "siti@example.com" },
    );
    const outboxId = String(recording.named("send-email")[0]?.data.outboxId);
    const worker = testContext(database.db, { viewer: jobViewer("send-email"), ports: { mailer } });
    expect(await sendOutboxEmail(worker, { outboxId })).toEqual({ sent: true });
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ to: "siti@example.com", subject: "Your Nectar Lab sign-in code" });
    expect(delivered[0]?.text).toContain(`\n${codes[0]}\n`);
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
    expect(row).toMatchObject({ kind: "sign-in-code", data: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("lets three codes a quarter hour go to one address, even asked for at once, and ten to one client", async () => {
    const limiter = clientLimiter(database.db, IDP_LIMITS);
    const toAddress = await Promise.all(Array.from({ length: 5 }, () => limiter.count("codeEmail", "address-hash-1")));
    expect(toAddress.filter((refusal) => refusal === null)).toHaveLength(3);
    expect(toAddress.find((refusal) => refusal !== null)).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    const fromClient = await Promise.all(Array.from({ length: 12 }, () => limiter.count("codeClient", "198.51.100.7")));
    expect(fromClient.filter((refusal) => refusal === null)).toHaveLength(10);
  });
});
