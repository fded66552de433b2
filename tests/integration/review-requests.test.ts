import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { renderMemberEmail } from "../../domain/member-emails/member-email-content.ts";
import type { MemberEmailData } from "../../domain/member-emails/member-emails.ts";
import { sendReviewRequests } from "../../domain/orders/review-requests.ts";
import { submitReview } from "../../domain/reviews/submit-review.ts";
import { DAY_MS, HOUR_MS } from "../../kernel/singapore-time.ts";
import { asMember, createMember, insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { testContext } from "../setup/operation-context.ts";
import { V1_SCHEDULE } from "../setup/programme-fixtures.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const LUNA_BOX = "op-m8_pb-1b";
const JOFFEE_BOX = "op-j4_yz-1b";
const SETTINGS = {
  brandName: "Nectar Lab",
  publicUrl: "https://shop.example.sg",
  emailLinkSecret: "test-secret-0123456789abcdef",
};

describe(`asking for reviews after delivery (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let day = 0;
  /** Each test's own moment, far apart, so no test's orders fall in another's days. */
  const nextNow = () => new Date(Date.UTC(2027, 2, 1 + 40 * day++, 4));
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

  const run = (at: Date, jobs = recordingJobs()) =>
    sendReviewRequests(
      testContext(database.db, {
        now: () => at,
        viewer: { kind: "system", job: "send-review-requests" },
        ports: { jobs: jobs.jobs },
      }),
      {},
    );
  /** A member's order of Luna Collagen and Joffee, delivered at `deliveredAt`. */
  const delivered = async (deliveredAt: Date, memberId?: string) => {
    const order = await insertPaidOrder(database.db, { subtotalCents: 7_800, memberId, optionId: LUNA_BOX });
    await database.db.insert(orderLines).values({
      orderId: order.id,
      position: 1,
      optionId: JOFFEE_BOX,
      productName: "Joffee",
      optionName: "Box",
      quantity: 1,
      unitPriceCents: 0,
      discountCents: 0,
      lineTotalCents: 0,
    });
    await database.db.update(orders).set({ status: "delivered", deliveredAt }).where(eq(orders.id, order.id));
    return order;
  };
  const requestsTo = (memberId: string) =>
    database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.memberId, memberId), eq(emailOutbox.kind, "review-request")));

  it("asks once, seven days after delivery, for the order's products not yet reviewed, however many runs race", async () => {
    const now = nextNow();
    const member = await createMember(database.db);
    const order = await delivered(new Date(now.getTime() - 7 * DAY_MS - HOUR_MS), member.id);
    await submitReview(asMember(database.db, member.id), {
      productId: "j4",
      rating: 5,
      title: "Rich and smooth",
      body: "Joffee is my afternoon treat now, every day.",
    });
    // Not yet: six days after delivery.
    expect(await run(new Date(now.getTime() - DAY_MS))).toEqual({ asked: 0 });

    const jobs = recordingJobs();
    const runs = await Promise.all([run(now, jobs), run(now, jobs), run(new Date(now.getTime() + HOUR_MS), jobs)]);
    expect(runs.reduce((sum, each) => sum + each.asked, 0)).toBe(1);
    expect(jobs.named("send-email")).toHaveLength(1);
    const [request, ...more] = await requestsTo(member.id);
    expect(more).toEqual([]);
    expect(request).toMatchObject({
      subjectKey: order.id,
      data: { invoiceId: order.invoiceId, products: [{ id: "m8", name: "Luna Collagen Nectar, 8-serving box" }] },
    });
    expect(await run(new Date(now.getTime() + DAY_MS))).toEqual({ asked: 0 });

    const email = renderMemberEmail("review-request", request?.data as MemberEmailData<"review-request">, {
      member: { id: member.id, name: "Tan Mei Ling" },
      settings: SETTINGS,
      schedule: V1_SCHEDULE,
      at: now,
    });
    expect(email.subject).toBe("How are you finding Luna Collagen Nectar, 8-serving box?");
    expect(email.text).toContain("Review Luna Collagen Nectar, 8-serving box: https://shop.example.sg/member/reviews/m8");
    expect(email.text).not.toContain("/member/reviews/j4");
    expect(email.unsubscribeUrl).toMatch(/^https:\/\/shop\.example\.sg\/email\/unsubscribe\?t=/);
  });

  it("does not ask about guests' orders, orders long delivered, or orders whose products are all reviewed", async () => {
    const now = nextNow();
    const guestOrder = await delivered(new Date(now.getTime() - 8 * DAY_MS));
    const member = await createMember(database.db);
    await delivered(new Date(now.getTime() - 30 * DAY_MS), member.id);
    const reviewer = await createMember(database.db);
    await delivered(new Date(now.getTime() - 8 * DAY_MS), reviewer.id);
    for (const productId of ["m8", "j4"]) {
      await submitReview(asMember(database.db, reviewer.id), {
        productId,
        rating: 4,
        title: "Good",
        body: "I would buy this again for the taste alone.",
      });
    }
    expect(await run(now)).toEqual({ asked: 0 });
    expect([...(await requestsTo(member.id)), ...(await requestsTo(reviewer.id))]).toEqual([]);
    const aboutGuest = await database.db.select().from(emailOutbox).where(eq(emailOutbox.subjectKey, guestOrder.id));
    expect(aboutGuest).toEqual([]);
  });
});
