import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { memberEmailOptOuts } from "../../db/schema/member-emails.ts";
import { redeems } from "../../db/schema/rewards.ts";
import { seedRewards } from "../../db/seed/rewards.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { jobViewer } from "../../domain/jobs/define-job.ts";
import { creditOrderToMember } from "../../domain/loyalty/order-points/order-points.ts";
import { addRedeemToBag } from "../../domain/loyalty/rewards/redeems/add-redeem-to-bag.ts";
import { addMonths } from "../../domain/loyalty/tiers/tiers.ts";
import { runLoyaltyMaintenance } from "../../domain/loyalty/upkeep/maintenance.ts";
import { getEmailPreferences } from "../../domain/member-emails/get-email-preferences.ts";
import { GOLD_ENDING_NOTICE_DAYS } from "../../domain/member-emails/kinds/gold-ending.ts";
import { queuePointsExpiringEmail } from "../../domain/member-emails/kinds/points-expiring.ts";
import { queueRenewalDeclinedEmail } from "../../domain/member-emails/kinds/renewal-declined.ts";
import { readUnsubscribe } from "../../domain/member-emails/read-unsubscribe.ts";
import { setEmailPreferences } from "../../domain/member-emails/set-email-preferences.ts";
import { unsubscribe } from "../../domain/member-emails/unsubscribe.ts";
import { unsubscribeToken } from "../../domain/member-emails/unsubscribe-token.ts";
import { queueOrderEmail } from "../../domain/orders/order-email.ts";
import { shipOrder } from "../../domain/orders/staff/ship-order.ts";
import { sendOutboxEmail } from "../../domain/outbox/send-outbox-email.ts";
import { createMailer, type Mailer } from "../../integrations/email/mailer.ts";
import { SERVICE_MEMBER_EMAIL_KINDS, SWITCHABLE_MEMBER_EMAIL_KINDS } from "../../kernel/member-email-kinds.ts";
import { emailPart, emailText, sentEmailFiles } from "../setup/email-text.ts";
import { asJob, insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { staffWith, TEST_EMAIL_LINK_SECRET, testContext } from "../setup/operation-context.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { memberWithPoints, type TestMember } from "../setup/redeem-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const DAY = 24 * 60 * 60 * 1000;

describe(`member emails (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let outboxDir: string;
  /** How often each outbox key reached the mail server. */
  const sends = new Map<string, number>();
  let mailer: Mailer;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedRewards(database.db);
    outboxDir = mkdtempSync(path.join(tmpdir(), "member-emails-"));
    const outbox = createMailer({ from: "Nectar Lab <orders@nectarlab.test>", outboxDir });
    mailer = {
      send: (email) => {
        sends.set(email.key, (sends.get(email.key) ?? 0) + 1);
        return outbox.send(email);
      },
    };
  });
  afterAll(async () => {
    await database.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  const asSender = () => testContext(database.db, { viewer: jobViewer("send-email"), ports: { mailer } });
  const send = (outboxId: string) => sendOutboxEmail(asSender(), { outboxId });
  const rowsOf = (memberId: string, kind: string) =>
    database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.memberId, memberId), eq(emailOutbox.kind, kind as "order-points")));
  /** The .eml the outbox mailer wrote for an outbox row. */
  const emlOf = (outboxId: string) => {
    const file = sentEmailFiles(outboxDir).find((name) => name.includes(outboxId));
    if (!file) throw new Error(`no email was written for ${outboxId}`);
    return readFileSync(path.join(outboxDir, file), "utf8");
  };

  async function buy(member: TestMember, subtotalCents: number, jobs = recordingJobs().jobs, at = new Date()) {
    const order = await insertPaidOrder(database.db, { subtotalCents, memberId: member.id, paidAt: at });
    const credit = () =>
      database.db.transaction((tx) => creditOrderToMember(tx, jobs, { memberId: member.id, order, creditPoints: true, at }));
    return { order, credit };
  }

  it("queues one points email per order however often the order is credited, and a retried job sends it once", async () => {
    const member = await memberWithPoints(database.db, 0);
    const recording = recordingJobs();
    const { order, credit } = await buy(member, 10_100, recording.jobs);
    await Promise.all([credit(), credit(), credit()]);

    const rows = await rowsOf(member.id, "order-points");
    expect(rows).toHaveLength(1);
    expect(recording.named("send-email")).toHaveLength(1);
    const [row] = rows;
    if (!row) throw new Error("no row");
    expect(recording.named("send-email")[0]?.data).toEqual({ outboxId: row.id });
    expect(row.data).toMatchObject({ invoiceId: order.invoiceId, points: 101, bonuses: [], balance: 151 });

    expect(await send(row.id)).toEqual({ sent: true });
    // The queue retries a job whose worker died after sending: the mark keeps it from going twice.
    expect(await send(row.id)).toEqual({ sent: false });
    expect(sends.get(row.id)).toBe(1);

    const eml = emlOf(row.id);
    expect(eml).toMatch(new RegExp(`^To: ${member.email}\\r?$`, "m"));
    expect(eml).toMatch(new RegExp(`^Subject: You earned 101 points on order ${order.invoiceId}\\r?$`, "m"));
    expect(eml).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/email\/unsubscribe\?t=[^>]+>, <mailto:orders@nectarlab\.test\?/m,
    );
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(emailText(eml)).toContain("Your balance: 151 points");
    expect(emailPart(eml, "text/html")).toContain('<html lang="en"');
  });

  it("queues nothing for an order that earns no points", async () => {
    const member = await memberWithPoints(database.db, 0);
    const recording = recordingJobs();
    const order = await insertPaidOrder(database.db, { subtotalCents: 10_100, memberId: member.id });
    await database.db.transaction((tx) =>
      creditOrderToMember(tx, recording.jobs, { memberId: member.id, order, creditPoints: false }),
    );
    expect(await rowsOf(member.id, "order-points")).toEqual([]);
    expect(recording.sent).toEqual([]);
  });

  it("emails reaching gold once, with the promotion", async () => {
    const member = await memberWithPoints(database.db, 0);
    const recording = recordingJobs();
    await (await buy(member, 30_000, recording.jobs)).credit();
    await (await buy(member, 5_000, recording.jobs)).credit();
    const gold = await rowsOf(member.id, "gold-reached");
    expect(gold).toHaveLength(1);
    expect(await rowsOf(member.id, "order-points")).toHaveLength(2);
    expect(recording.named("send-email")).toHaveLength(3);
    await send(gold[0]?.id ?? "");
    const text = emailText(emlOf(gold[0]?.id ?? ""));
    expect(text).toContain("You now earn 1.5 times the points on every order, for 12 months.");
  });

  it("reminds a gold member once per gold year, within the notice before it ends", async () => {
    const member = await memberWithPoints(database.db, 0);
    // Promoted after joining (the spend counts from then); its gold year ends 12 months on.
    const promotedAt = new Date(Date.now() + DAY);
    await (await buy(member, 30_000, recordingJobs().jobs, promotedAt)).credit();
    const yearEnd = addMonths(promotedAt, 12);
    const maintain = (at: Date) =>
      runLoyaltyMaintenance(
        asJob(database.db, () => at),
        {},
      );
    const daysBefore = (days: number) => new Date(yearEnd.getTime() - days * DAY);

    // Other members' gold years end too: this member's emails are counted.
    await maintain(daysBefore(GOLD_ENDING_NOTICE_DAYS + 1));
    expect(await rowsOf(member.id, "gold-ending")).toEqual([]);
    await maintain(daysBefore(GOLD_ENDING_NOTICE_DAYS - 1));
    await maintain(daysBefore(2));
    expect(await rowsOf(member.id, "gold-ending")).toHaveLength(1);
    const [row] = await rowsOf(member.id, "gold-ending");
    expect(row?.subjectKey).toBe(promotedAt.toISOString());
    expect(row?.data).toMatchObject({ goldYearEndsAt: yearEnd.toISOString(), spentCents: 0 });
  });

  it("emails the rewards an order carries when it ships", async () => {
    const member = await memberWithPoints(database.db, 500);
    const { redeem } = await addRedeemToBag(member.as(), { memberId: member.id, meta: { optionId: "op-mpu_ba-1pu" } });
    const order = await insertPaidOrder(database.db, { subtotalCents: 3_900, memberId: member.id });
    await database.db.update(redeems).set({ orderId: order.id, status: "Ordered" }).where(eq(redeems.id, redeem.id));
    const recording = recordingJobs();
    const staff = testContext(database.db, { viewer: staffWith("orders"), ports: { jobs: recording.jobs } });
    await shipOrder(staff, { orderId: order.id, carrier: "singpost", trackingNumber: "SG-1234" });

    const [row] = await rowsOf(member.id, "reward-shipped");
    expect(row?.data).toEqual({ invoiceId: order.invoiceId, rewards: [expect.stringMatching(/^Reward: .+\(150 points\)$/)] });
    expect(recording.named("send-email")).toHaveLength(2);
  });

  it("does not send a kind the member turned off, asked when it is sent; turned on again, it is sent", async () => {
    const member = await memberWithPoints(database.db, 0);
    const first = await buy(member, 2_000);
    await first.credit();
    await setEmailPreferences(member.as(), { on: ["gold-reached", "gold-ending", "reward-shipped"] });
    const prefs = await getEmailPreferences(member.as(), {});
    expect(prefs.filter((pref) => !pref.on).map((pref) => pref.kind)).toEqual([
      "order-points",
      "points-expiring",
      "referral-rewarded",
      "review-request",
      "subscription-reminder",
    ]);

    const [queued] = await rowsOf(member.id, "order-points");
    expect(await send(queued?.id ?? "")).toEqual({ sent: false, skipped: true });
    expect(sends.has(queued?.id ?? "")).toBe(false);
    const [skipped] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, queued?.id ?? ""));
    expect(skipped?.skippedAt).not.toBeNull();
    expect(await send(queued?.id ?? "")).toEqual({ sent: false });

    await setEmailPreferences(member.as(), { on: ["order-points"] });
    const second = await buy(member, 2_000);
    await second.credit();
    const next = (await rowsOf(member.id, "order-points")).find((row) => row.id !== queued?.id);
    expect(await send(next?.id ?? "")).toEqual({ sent: true });
  });

  it("sends the service emails of a subscription whatever the member chose, and offers no way to turn them off", async () => {
    const member = await memberWithPoints(database.db, 0);
    const offered = (await getEmailPreferences(member.as(), {})).map((pref) => pref.kind);
    expect(offered).toEqual(SWITCHABLE_MEMBER_EMAIL_KINDS);
    for (const kind of SERVICE_MEMBER_EMAIL_KINDS) expect(offered).not.toContain(kind);

    await setEmailPreferences(member.as(), { on: [] });
    // An opt-out written before these emails became service emails is not heeded either.
    await database.db
      .insert(memberEmailOptOuts)
      .values({ memberId: member.id, kind: "renewal-declined", source: "link", createdAt: new Date() });
    const token = unsubscribeToken(TEST_EMAIL_LINK_SECRET, { memberId: member.id, kind: "renewal-declined" });
    await expect(unsubscribe(testContext(database.db), { token })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: "“Subscription payments declined” emails are sent whatever emails you choose.",
    });

    const data = {
      item: "Luna Collagen Drink · Lychee Luxe · 8-serving box × 1",
      dueOn: "2031-05-04",
      amountCents: 3805,
      cardLast4: "0341",
      reason: "Your card was declined.",
      retryAt: null,
    };
    await database.db.transaction((tx) =>
      queueRenewalDeclinedEmail(tx, recordingJobs().jobs, { memberId: member.id, subscriptionId: "sub-1", attempt: 3, data }),
    );
    const [declined] = await rowsOf(member.id, "renewal-declined");
    expect(await send(declined?.id ?? "")).toEqual({ sent: true });
    expect(emlOf(declined?.id ?? "")).not.toMatch(/^List-Unsubscribe/m);
  });

  it("unsubscribes through a link without signing in; a link changed to name another member is refused", async () => {
    const member = await memberWithPoints(database.db, 0);
    const other = await memberWithPoints(database.db, 0);
    const anyone = testContext(database.db);
    const token = unsubscribeToken(TEST_EMAIL_LINK_SECRET, { memberId: member.id, kind: "order-points" });

    // The same signature with the other member's id, and a token signed with another secret.
    const [version, , signature] = token.split(".");
    const forged = `${version}.${Buffer.from(`${other.id}:order-points`).toString("base64url")}.${signature}`;
    const otherSecret = unsubscribeToken("another-secret-of-at-least-32-characters", {
      memberId: other.id,
      kind: "order-points",
    });
    for (const bad of [forged, otherSecret, "", "1.abc.def", `${token}x`]) {
      await expect(unsubscribe(anyone, { token: bad })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    }
    expect(await database.db.select().from(memberEmailOptOuts).where(eq(memberEmailOptOuts.memberId, other.id))).toEqual([]);

    expect(await readUnsubscribe(anyone, { token })).toMatchObject({ kind: "order-points", off: false });
    expect(await unsubscribe(anyone, { token })).toMatchObject({ kind: "order-points", label: "Points earned on an order" });
    expect(await unsubscribe(anyone, { token })).toMatchObject({ kind: "order-points" });
    expect(await readUnsubscribe(anyone, { token })).toMatchObject({ off: true });
    const off = await database.db.select().from(memberEmailOptOuts).where(eq(memberEmailOptOuts.memberId, member.id));
    expect(off).toEqual([expect.objectContaining({ kind: "order-points", source: "link" })]);

    // Order emails are the shop's: unsubscribing from programme emails never stops them.
    const { order, credit } = await buy(member, 2_000);
    const recording = recordingJobs();
    await database.db.transaction((tx) => queueOrderEmail(tx, recording.jobs, order.id, "order-confirmation"));
    await credit();
    const [confirmation] = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.orderId, order.id), eq(emailOutbox.kind, "order-confirmation")));
    expect(await send(confirmation?.id ?? "")).toEqual({ sent: true });
    expect(emlOf(confirmation?.id ?? "")).not.toMatch(/^List-Unsubscribe/m);
    const points = (await rowsOf(member.id, "order-points")).at(-1);
    expect(await send(points?.id ?? "")).toEqual({ sent: false, skipped: true });
  });

  it("queues a points-expiring email once per member, date and warning day for the expiry work", async () => {
    const member = await memberWithPoints(database.db, 0);
    const recording = recordingJobs();
    const expiresAt = new Date("2026-09-30T16:00:00Z");
    const queue = (daysBefore: number) =>
      database.db.transaction((tx) =>
        queuePointsExpiringEmail(tx, recording.jobs, { memberId: member.id, points: 120, expiresAt, balance: 170, daysBefore }),
      );
    expect(await queue(30)).toBe(true);
    expect(await queue(30)).toBe(false);
    expect(await queue(3)).toBe(true);
    expect(recording.named("send-email")).toHaveLength(2);
  });
});
