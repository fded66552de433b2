import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderAccessGrants, orders } from "../../db/schema/orders.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { bagIdOf, newBagToken } from "../../domain/bag/bag-token.ts";
import { memberOfIdentity } from "../../domain/members/joining/member-of-identity.ts";
import type { Access } from "../../domain/shared/access.ts";
import { guest, type OperationContext, type Viewer } from "../../domain/shared/context.ts";
import type { Operation } from "../../domain/shared/operation.ts";
import type { SubscriptionHolderAccess } from "../../domain/subscriptions/manage/subscription-holder.ts";
import { verifyStripeSignature } from "../../integrations/payments/stripe-signature.ts";
import { STAFF_PERMISSIONS } from "../../kernel/staff-permissions.ts";
import { memberViewer, staffWith, testContext } from "../setup/operation-context.ts";
import { placePastOrder } from "../setup/past-orders.ts";
import { insertSubscription } from "../setup/subscription-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

// Every operation, found by importing every module under domain/ (none is listed by hand).
const DOMAIN = path.resolve(import.meta.dirname, "../../domain");
const sources = readdirSync(DOMAIN, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts"))
  .sort();

type AnyOperation = Operation<never, unknown>;
type Found = { exportName: string; file: string; operation: AnyOperation };

const isOperation = (value: unknown): value is AnyOperation =>
  typeof value === "function" && "access" in value && typeof value.access === "object";

const found: Found[] = [];
for (const file of sources) {
  const module: Record<string, unknown> = await import(path.join(DOMAIN, file));
  for (const [exportName, value] of Object.entries(module)) {
    if (isOperation(value)) found.push({ exportName, file, operation: value });
  }
}
const definitions = sources
  .filter((file) => file !== path.join("shared", "operation.ts"))
  .reduce((count, file) => count + (readFileSync(path.join(DOMAIN, file), "utf8").match(/defineOperation\(/g)?.length ?? 0), 0);

const KINDS = [
  "public",
  "bagHolder",
  "orderHolder",
  "subscriptionHolder",
  "signedIn",
  "ownMember",
  "staff",
  "debug",
  "system",
  "webhook",
  "monitor",
];

/** Anything an operation's body would reach first: touching it means the body ran. */
class BodyRan extends Error {}
const untouchable = <T extends object>(name: string): T =>
  new Proxy({} as T, {
    get: (_target, property) => {
      if (property === "then") return undefined;
      throw new BodyRan(`${name}.${String(property)} was reached`);
    },
  });
const bodyRan = (): never => {
  throw new BodyRan("the body ran");
};

/** A context in which only the viewer and debug mode can be read: a refusal from it came before the body. */
function untouchableContext(viewer: Viewer, debug: boolean, ports: Partial<OperationContext> = {}): OperationContext {
  return {
    db: untouchable("db"),
    catalog: untouchable("catalog"),
    payments: untouchable("payments"),
    testPayments: untouchable("testPayments"),
    identity: untouchable("identity"),
    mailer: untouchable("mailer"),
    files: untouchable("files"),
    pictures: untouchable("pictures"),
    jobs: untouchable("jobs"),
    webhooks: untouchable("webhooks"),
    settings: untouchable("settings"),
    now: bodyRan,
    log: { info: bodyRan, warn: bodyRan, error: bodyRan },
    viewer,
    debug,
    ...ports,
  };
}

const OWN_MEMBER = "member-own";
/** A member signed in through a browser session (the debug session tools act on one). */
const member: Viewer = {
  kind: "member",
  memberId: OWN_MEMBER,
  subject: "sub-own",
  bagToken: null,
  session: {
    id: "session-1",
    memberId: OWN_MEMBER,
    subject: "sub-own",
    provider: "google",
    csrfToken: "csrf",
    expiresAt: new Date(),
  },
  identity: null,
};
const otherMember = memberViewer("member-other");
const owner = staffWith(...STAFF_PERMISSIONS);
const job: Viewer = { kind: "system", job: "loyalty-maintenance" };
const scraper: Viewer = { kind: "monitor" };
const shopper = guest(newBagToken());
const everyone = { guest: shopper, member, owner, job, scraper };

type Refusal = { who: string; viewer: Viewer; debug: boolean; code: string; message: string | RegExp };

const SIGN_IN = /^Please sign in first/;
const STAFF_ONLY = "This is for the shop's staff only.";

/** Who a declaration turns away before the input is read, with today's code and message. */
function refusedBeforeInput(access: Access<unknown, never>, debug = false): Refusal[] {
  const refuse = (code: string, message: string | RegExp, ...who: (keyof typeof everyone)[]) =>
    who.map((name) => ({ who: name, viewer: everyone[name], debug, code, message }));
  switch (access.kind) {
    case "signedIn":
    case "ownMember":
      return refuse("UNAUTHENTICATED", SIGN_IN, "guest", "owner", "job", "scraper");
    case "subscriptionHolder": {
      const { permissions } = access as SubscriptionHolderAccess;
      if (permissions.length === 0) {
        return [
          ...refuse("UNAUTHENTICATED", SIGN_IN, "guest", "job", "scraper"),
          ...refuse("FORBIDDEN", "Only the member who holds the subscription can do this.", "owner"),
        ];
      }
      const without = staffWith(...STAFF_PERMISSIONS.filter((permission) => !permissions.includes(permission)));
      return [
        ...refuse("UNAUTHENTICATED", SIGN_IN, "guest", "job", "scraper"),
        {
          who: "staff without the permission",
          viewer: without,
          debug,
          code: "FORBIDDEN",
          message: /^Your role does not allow this/,
        },
      ];
    }
    case "staff": {
      const without = staffWith(...STAFF_PERMISSIONS.filter((permission) => !access.permissions.includes(permission)));
      return [
        ...refuse("FORBIDDEN", STAFF_ONLY, "guest", "member", "job", "scraper"),
        {
          who: "staff without the permission",
          viewer: without,
          debug,
          code: "FORBIDDEN",
          message: /^Your role does not allow this/,
        },
      ];
    }
    case "debug":
      return [
        ...refuse("FORBIDDEN", "Debug operations are turned off.", "guest", "member", "owner", "job", "scraper"),
        ...refusedBeforeInput(access.within, true),
      ];
    case "system":
      return refuse("FORBIDDEN", "This runs only as the shop's own background work.", "guest", "member", "owner", "scraper");
    case "monitor":
      return refuse("FORBIDDEN", "This is for the shop's monitoring only.", "guest", "member", "owner", "job");
    default:
      return [];
  }
}

/** The declaration a debug tool wraps: what it checks once debug mode is on. */
const innermost = (access: Access<unknown, never>): Access<unknown, never> =>
  access.kind === "debug" ? innermost(access.within) : access;
const withKind = (kind: string) => found.filter(({ operation }) => innermost(operation.access).kind === kind);

describe(`every operation declares who may call it (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

  it("is found, exported under its own name, with a declaration of a known kind", () => {
    expect(found.length).toBeGreaterThanOrEqual(definitions);
    for (const { exportName, file, operation } of found) {
      expect(operation.name, file).toBe(exportName);
      expect(KINDS, `${exportName} declares no access`).toContain(operation.access?.kind);
      expect(typeof operation.access.admit, exportName).toBe("function");
    }
    expect(new Set(found.map(({ operation }) => operation.name)).size).toBe(found.length);
  });

  it.each(found.filter(({ operation }) => refusedBeforeInput(operation.access).length > 0))(
    "$exportName turns away whoever its declaration excludes, before reading the input or running",
    async ({ operation }) => {
      for (const refusal of refusedBeforeInput(operation.access)) {
        const ctx = untouchableContext(refusal.viewer, refusal.debug);
        const error = await operation(ctx, {} as never).then(
          () => new Error(`${refusal.who} was let in`),
          (caught: unknown) => caught,
        );
        expect(error, refusal.who).toMatchObject({ code: refusal.code, message: expect.stringMatching(refusal.message) });
      }
    },
  );

  it.each(withKind("ownMember"))("$exportName acts only on the viewer's own member", async ({ operation }) => {
    const access = innermost(operation.access);
    if (access.kind !== "ownMember") throw new Error("not an own-member declaration");
    const checkAs = async (viewer: Viewer) =>
      (await access.admit(untouchableContext(viewer, true)))({ [access.field ?? ""]: OWN_MEMBER } as never);
    if (access.field === null) {
      expect(await checkAs(otherMember)).toBe("member-other");
    } else {
      await expect(checkAs(otherMember)).rejects.toMatchObject({
        code: "FORBIDDEN",
        message: "You can only see and change your own membership.",
      });
    }
    expect(await checkAs(member)).toBe(OWN_MEMBER);
  });

  it.each(withKind("bagHolder"))("$exportName acts only on the bag the viewer's own cookie names", async ({ operation }) => {
    const access = innermost(operation.access);
    const held = async (viewer: Viewer) => (await access.admit(untouchableContext(viewer, true)))({} as never);
    const token = (shopper as { bagToken: string }).bagToken;
    expect(await held(shopper)).toEqual({ token, id: bagIdOf(token) });
    for (const viewer of [guest(), guest("not a bag token"), owner, job, scraper]) {
      expect(await held(viewer)).toEqual({ token: null, id: null });
    }
  });

  /** One order: linked to a member, and granted to a browser's bag. */
  let held: Promise<{ invoiceId: string; memberId: string; bagToken: string }> | null = null;
  async function placeHeldOrder() {
    const { db } = database;
    const placed = await placePastOrder(db, { email: "holder@example.com", mobile: "9123 4567", paidAt: new Date() });
    const identity = { subject: "sub-buyer", provider: "google" as const, email: "buyer@example.com", emailVerified: true };
    const { member } = await memberOfIdentity(testContext(db), { ...identity, name: "Tan Mei Ling", picture: null });
    const [order] = await db
      .update(orders)
      .set({ memberId: member.id })
      .where(eq(orders.invoiceId, placed.invoiceId))
      .returning({ id: orders.id });
    if (!order) throw new Error("the order is gone");
    const bagToken = newBagToken();
    await db.insert(orderAccessGrants).values({ holderId: bagIdOf(bagToken), orderId: order.id });
    return { invoiceId: placed.invoiceId, memberId: member.id, bagToken };
  }

  it.each(withKind("orderHolder"))("$exportName shows an order only to its holder or its member", async ({ operation }) => {
    const { db } = database;
    held ??= placeHeldOrder();
    const { invoiceId, memberId, bagToken } = await held;
    const input = { invoiceId, refundId: "none" } as never;

    for (const viewer of [guest(), guest(newBagToken()), otherMember, owner, job]) {
      await expect(operation(testContext(db, { viewer }), input)).rejects.toMatchObject({
        code: "UNAUTHENTICATED",
        message: "Enter the mobile number on the order to see it.",
      });
    }
    const access = innermost(operation.access);
    for (const viewer of [guest(bagToken), memberViewer(memberId)]) {
      const order = await (await access.admit(testContext(db, { viewer })))(input);
      expect(order).toMatchObject({ invoiceId });
    }
  });

  it.each(withKind("subscriptionHolder"))(
    "$exportName changes a subscription only for its member (another's reads as none) or staff allowed to",
    async ({ operation }) => {
      const { db } = database;
      const access = innermost(operation.access) as SubscriptionHolderAccess;
      const subscription = await insertSubscription(db, { nextRenewalOn: "2036-01-01" });
      const input = { subscriptionId: subscription.id } as never;
      const checkAs = async (viewer: Viewer) => (await access.admit(testContext(db, { viewer })))(input);
      expect(await checkAs(memberViewer(subscription.memberId))).toEqual({
        subscriptionId: subscription.id,
        memberId: subscription.memberId,
        staff: null,
      });
      await expect(checkAs(otherMember)).rejects.toMatchObject({ code: "NOT_FOUND", message: "There is no such subscription." });
      if (access.permissions.length > 0) {
        const staff = staffWith(...access.permissions);
        expect(await checkAs(staff)).toEqual({ subscriptionId: subscription.id, memberId: subscription.memberId, staff });
      }
    },
  );

  it.each(withKind("webhook"))("$exportName acts only on an event its provider signed", async ({ operation }) => {
    const payments = {
      verifyWebhook: (rawBody: string, signature: string | null) => verifyStripeSignature(rawBody, signature, "whsec_test"),
    };
    const forged = {
      rawBody: JSON.stringify({ id: "evt_forged", type: "checkout.session.completed" }),
      signature: "t=1,v1=forged",
    };
    for (const viewer of Object.values(everyone)) {
      const ctx = untouchableContext(viewer, false, { payments: payments as unknown as OperationContext["payments"] });
      await expect(operation(ctx, forged as never)).rejects.toMatchObject({ name: "WebhookSignatureError" });
    }
  });
});
