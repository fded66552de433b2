import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../../db/schema/newsletter.ts";
import { auditLog } from "../../db/schema/staff.ts";
import { jobViewer } from "../../domain/jobs/define-job.ts";
import { confirmNewsletter, readNewsletterConfirmation } from "../../domain/newsletter/confirm.ts";
import { NEWSLETTER_CONSENT } from "../../domain/newsletter/consent.ts";
import { confirmToken } from "../../domain/newsletter/newsletter-links.ts";
import { countNewsletterSubscribers, exportNewsletterSubscribers } from "../../domain/newsletter/staff/newsletter-subscribers.ts";
import { subscribeToNewsletter } from "../../domain/newsletter/subscribe.ts";
import { unsubscribeFromNewsletter } from "../../domain/newsletter/unsubscribe.ts";
import { sendOutboxEmail } from "../../domain/outbox/send-outbox-email.ts";
import { createMailer } from "../../integrations/email/mailer.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import { emailLinks, emailText, sentEmailFiles } from "../setup/email-text.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

describe(`the newsletter's double opt-in (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let outboxDir: string;
  const queue = recordingJobs();
  let clients = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    outboxDir = mkdtempSync(path.join(tmpdir(), "newsletter-"));
  });
  afterAll(async () => {
    await database.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  const visitor = (now?: Date) => testContext(database.db, { ports: { jobs: queue.jobs }, now: now && (() => now) });
  /** Each sign-up from its own client address unless one is given, so the per-address limit stays out of the way. */
  const signUp = (email: string, options: { consent?: boolean; clientAddress?: string; now?: Date } = {}) =>
    subscribeToNewsletter(visitor(options.now), {
      email,
      consent: options.consent ?? true,
      clientAddress: options.clientAddress ?? `203.0.113.${++clients}`,
    });
  const rowOf = async (email: string) => {
    const [row] = await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    return row;
  };
  /** Sends every confirmation email queued so far, as the send-email job would, and returns those that went. */
  async function sendQueued(): Promise<string[]> {
    const mailer = createMailer({ from: "Nectar Lab <hello@nectarlab.test>", outboxDir });
    const sender = testContext(database.db, { viewer: jobViewer("send-email"), ports: { mailer } });
    const outboxIds = queue.named("send-email").map((job) => job.data.outboxId);
    queue.sent.length = 0;
    const sent: string[] = [];
    for (const outboxId of outboxIds) {
      const result = await sendOutboxEmail(sender, { outboxId });
      if (!result.sent) continue;
      const file = sentEmailFiles(outboxDir).find((name) => name.includes(outboxId));
      sent.push(readFileSync(path.join(outboxDir, file ?? ""), "utf8"));
    }
    return sent;
  }
  const tokenIn = (eml: string, pathName: string) => {
    const link = emailLinks(eml).find((candidate) => candidate.includes(`${pathName}?t=`)) ?? "";
    return new URL(link).searchParams.get("t") ?? "";
  };

  it("keeps a sign-up pending with its wording's version and emails a link to confirm, with a one-click unsubscribe", async () => {
    await signUp("  Mei.Ling@Example.com ");
    const row = await rowOf("mei.ling@example.com");
    expect(row).toMatchObject({ status: "pending", consentVersion: NEWSLETTER_CONSENT.version, confirmedAt: null });
    const [email = "", ...more] = await sendQueued();
    expect(more).toEqual([]);
    expect(email).toMatch(/^To: mei\.ling@example\.com\r?$/m);
    expect(email).toMatch(/^Subject: Confirm your Nectar Lab newsletter sign-up\r?$/m);
    expect(email).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/newsletter\/unsubscribe\?t=[^>]+>, <mailto:/m);
    expect(email).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(emailText(email)).toContain(NEWSLETTER_CONSENT.wording);
    expect(tokenIn(email, "/newsletter/confirm")).not.toBe("");
  });

  it("answers a second sign-up the same, resending the same link while it waits and nothing once confirmed", async () => {
    await signUp("twice@example.com");
    const [first = ""] = await sendQueued();
    await signUp("twice@example.com");
    const [second = ""] = await sendQueued();
    expect(tokenIn(second, "/newsletter/confirm")).toBe(tokenIn(first, "/newsletter/confirm"));

    await confirmNewsletter(visitor(), { token: tokenIn(first, "/newsletter/confirm") });
    const confirmed = await rowOf("twice@example.com");
    await expect(signUp("twice@example.com")).resolves.toBeUndefined();
    expect(await sendQueued()).toEqual([]);
    expect(await rowOf("twice@example.com")).toEqual(confirmed);
  });

  it("refuses a sign-up without the box ticked or with a bad address, storing nothing", async () => {
    await expect(signUp("unticked@example.com", { consent: false })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { consent: "Tick the box to say you want the newsletter." },
    });
    await expect(signUp("not an address")).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { email: expect.any(String) },
    });
    expect(await rowOf("unticked@example.com")).toBeUndefined();
    expect(queue.sent).toEqual([]);
  });

  it("confirms once: a second confirmation answers the same and keeps the first one's time", async () => {
    await signUp("confirm@example.com");
    const [email = ""] = await sendQueued();
    const token = tokenIn(email, "/newsletter/confirm");
    expect(await readNewsletterConfirmation(visitor(), { token })).toMatchObject({ confirmed: false });
    expect(await confirmNewsletter(visitor(), { token })).toMatchObject({ confirmed: true });
    const { confirmedAt } = (await rowOf("confirm@example.com")) ?? {};
    expect(confirmedAt).toBeInstanceOf(Date);
    expect(await confirmNewsletter(visitor(new Date(Date.now() + 60_000)), { token })).toMatchObject({ confirmed: true });
    expect(await rowOf("confirm@example.com")).toMatchObject({ status: "confirmed", confirmedAt });
  });

  it("confirms once when several confirmations of one link arrive at the same moment", async () => {
    await signUp("race@example.com");
    const [email = ""] = await sendQueued();
    const token = tokenIn(email, "/newsletter/confirm");
    const confirmations: string[] = [];
    const fail = () => expect.unreachable("no warning or error is logged");
    const racer = testContext(database.db, {
      log: { info: (_details, message) => confirmations.push(message), warn: fail, error: fail },
    });
    const answers = await Promise.all(Array.from({ length: 6 }, () => confirmNewsletter(racer, { token })));
    expect(answers.every((answer) => answer.confirmed)).toBe(true);
    expect(confirmations).toEqual(["a newsletter sign-up was confirmed"]);
    expect(await rowOf("race@example.com")).toMatchObject({ status: "confirmed" });
  });

  it("keeps one row when the same address signs up twice at the same moment", async () => {
    await Promise.all([signUp("together@example.com"), signUp("together@example.com")]);
    const rows = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "together@example.com"));
    expect(rows).toHaveLength(1);
    const links = new Set((await sendQueued()).map((email) => tokenIn(email, "/newsletter/confirm")));
    expect(links.size).toBe(1);
  });

  it("refuses a forged link and an expired one with a clear message, confirming nothing", async () => {
    await signUp("forged@example.com");
    const [email = ""] = await sendQueued();
    const victim = await rowOf("forged@example.com");
    if (!victim) throw new Error("the sign-up was not stored");
    const [version, , signature] = tokenIn(email, "/newsletter/confirm").split(".");
    const forged = `${version}.${Buffer.from(`${victim.id}:${victim.requestedAt.getTime() + 1}`).toString("base64url")}.${signature}`;
    await expect(confirmNewsletter(visitor(), { token: forged })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: expect.stringContaining("not one of ours"),
    });
    const otherSecret = confirmToken("another-secret-0123456789abcdef", {
      subscriberId: victim.id,
      requestedAt: victim.requestedAt,
    });
    await expect(confirmNewsletter(visitor(), { token: otherSecret })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    const later = new Date(victim.requestedAt.getTime() + 8 * DAY_MS);
    await expect(confirmNewsletter(visitor(later), { token: tokenIn(email, "/newsletter/confirm") })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: expect.stringContaining("has expired"),
    });
    expect(await rowOf("forged@example.com")).toMatchObject({ status: "pending", confirmedAt: null });
  });

  it("unsubscribes by the email's link, refuses the old confirmation link, and takes a new sign-up afterwards", async () => {
    await signUp("again@example.com");
    const [first = ""] = await sendQueued();
    await confirmNewsletter(visitor(), { token: tokenIn(first, "/newsletter/confirm") });
    const unsubscribe = tokenIn(first, "/newsletter/unsubscribe");
    expect(await unsubscribeFromNewsletter(visitor(), { token: unsubscribe })).toEqual({ unsubscribed: true });
    expect(await unsubscribeFromNewsletter(visitor(), { token: unsubscribe })).toEqual({ unsubscribed: true });
    expect(await rowOf("again@example.com")).toMatchObject({ status: "unsubscribed", unsubscribedAt: expect.any(Date) });
    await expect(confirmNewsletter(visitor(), { token: tokenIn(first, "/newsletter/confirm") })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    await expect(unsubscribeFromNewsletter(visitor(), { token: `${unsubscribe}x` })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });

    await signUp("again@example.com", { now: new Date(Date.now() + 1000) });
    const [second = ""] = await sendQueued();
    expect(tokenIn(second, "/newsletter/confirm")).not.toBe(tokenIn(first, "/newsletter/confirm"));
    await confirmNewsletter(visitor(), { token: tokenIn(second, "/newsletter/confirm") });
    expect(await rowOf("again@example.com")).toMatchObject({ status: "confirmed", unsubscribedAt: null });
  });

  it("sends no more than three emails an hour to one address and refuses a client's eleventh sign-up", async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) await signUp("flood@example.com");
    expect(await sendQueued()).toHaveLength(3);
    for (let attempt = 0; attempt < 10; attempt += 1)
      await signUp(`client-${attempt}@example.com`, { clientAddress: "198.51.100.9" });
    await expect(signUp("client-10@example.com", { clientAddress: "198.51.100.9" })).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    expect(await rowOf("client-10@example.com")).toBeUndefined();
    await sendQueued();
  });

  it("counts and exports the confirmed addresses for staff who run promotions, recording each export", async () => {
    const marketing = testContext(database.db, { viewer: staffWith("promotions") });
    const { confirmed, pending } = await countNewsletterSubscribers(marketing, {});
    const exported = await exportNewsletterSubscribers(marketing, {});
    expect(exported).toHaveLength(confirmed);
    expect(pending).toBeGreaterThan(0);
    expect(exported.map((row) => row.email)).toContain("confirm@example.com");
    expect(exported.map((row) => row.email)).not.toContain("forged@example.com");
    expect(exported[0]?.unsubscribeUrl).toMatch(/^http:\/\/localhost:3000\/newsletter\/unsubscribe\?t=/);
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.action, "newsletter.export"));
    expect(entries).toEqual([expect.objectContaining({ actorEmail: "promotions@staff.test", after: { count: confirmed } })]);

    const orders = testContext(database.db, { viewer: staffWith("orders") });
    await expect(exportNewsletterSubscribers(orders, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
