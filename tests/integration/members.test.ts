import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { customers, orders } from "../../db/schema/orders.ts";
import { pointTransactions } from "../../db/schema/points.ts";
import { memberSessions } from "../../db/schema/sessions.ts";
import { recordPointEntry } from "../../domain/loyalty/points/point-ledger.ts";
import { resetMembership } from "../../domain/loyalty/points/reset-membership.ts";
import { deleteMember } from "../../domain/members/delete-member.ts";
import { getMemberByEmailAndProviderTypeFast } from "../../domain/members/get-member-by-email-and-provider-type-fast.ts";
import { getOrCreateMember } from "../../domain/members/joining/get-or-create-member.ts";
import { linkMember } from "../../domain/members/link-member.ts";
import { byMemberId, loadMemberView } from "../../domain/members/load-member.ts";
import type { MalformedMemberData } from "../../domain/members/member-deps.ts";
import { unlinkMember } from "../../domain/members/unlink-member.ts";
import { viewerMember } from "../../domain/shared/access.ts";
import type { OperationContext, Viewer } from "../../domain/shared/context.ts";
import { type IdentityClient, IdentityProviderError } from "../../integrations/identity/identity-client.ts";
import type { VerifiedIdentity } from "../../kernel/identity.ts";
import { insertLinkedOrder } from "../setup/member-fixtures.ts";
import { memberViewer, noJobQueue, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

let sequence = 0;
function identity(overrides: Partial<VerifiedIdentity> = {}): VerifiedIdentity {
  sequence += 1;
  return {
    subject: `sub-${sequence}-${randomUUID()}`,
    provider: "google",
    email: `member${sequence}@example.com`,
    emailVerified: true,
    name: `Member ${sequence}`,
    picture: null,
    ...overrides,
  };
}

/** A caller with a bearer access token of this account. */
const bearer = (account: VerifiedIdentity): Viewer => ({
  kind: "member",
  memberId: null,
  subject: account.subject,
  bagToken: null,
  session: null,
  identity: account,
});

describe(`members (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  const malformed: MalformedMemberData[] = [];
  // The identity provider as linkMember asks it: whose each access token is.
  const accessTokens = new Map<string, VerifiedIdentity>();
  const identityPort = {
    identityOfAccessToken: async (token: string) => {
      const account = accessTokens.get(token);
      if (!account) throw new IdentityProviderError("NotAuthorizedException", "Invalid Access Token", 401);
      return account;
    },
  } as unknown as IdentityClient;
  const as = (viewer: Viewer, debug = false): OperationContext => ({
    ...testContext(database.db, { viewer, debug, ports: { identity: identityPort } }),
    log: {
      info: () => {},
      warn: (detail) => malformed.push(detail as MalformedMemberData),
      error: (details, message) => {
        throw new Error(`${message}: ${JSON.stringify(details)}`);
      },
    },
  });
  const own = (memberId: string) => as(memberViewer(memberId), true);
  /** The member operations as each test calls them, the caller being the account or member concerned. */
  const shop = () => ({
    getOrCreate: (account: VerifiedIdentity, extras: object = {}) =>
      getOrCreateMember(as(bearer(account)), { cognitoData: JSON.stringify(extras) }),
    linkIdentity: (memberId: string, account: VerifiedIdentity) => {
      const accessToken = `token-${randomUUID()}`;
      accessTokens.set(accessToken, account);
      return linkMember(own(memberId), { currentMemberId: memberId, cognitoData: JSON.stringify({ accessToken }) });
    },
    findByEmailAndProvider: (account: VerifiedIdentity, email: string, providerType: string) =>
      getMemberByEmailAndProviderTypeFast(as(bearer(account)), { email, providerType }),
    view: (memberId: string) => loadMemberView(as(memberViewer(memberId)), byMemberId(memberId)),
    unlink: (memberId: string) => unlinkMember(own(memberId), { memberId }),
    delete: (memberId: string) => deleteMember(own(memberId), { memberId }),
    resetMembership: (memberId: string) => resetMembership(own(memberId), { memberId }),
  });

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const ledgerSum = async (memberId: string) =>
    (
      await queryRows<{ total: number }>(
        database.db,
        sql`select coalesce(sum(case when transaction_type = 'credit' then points else -points end), 0)::int as total
            from point_transactions where member_id = ${memberId}`,
      )
    )[0]?.total;
  const count = async (table: string, memberId: string) =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from ${sql.raw(table)} where member_id = ${memberId}`,
      )
    )[0]?.n;

  it("creates a green member with the sign-up points, once", async () => {
    const google = identity({ name: "Tan Mei Ling", picture: "https://example.com/mei.png" });
    const first = await shop().getOrCreate(google);
    expect(first.created).toBe(true);
    expect(first.member).toMatchObject({
      email: google.email,
      googleEmail: google.email,
      facebookEmail: null,
      name: "Tan Mei Ling",
      picture: "https://example.com/mei.png",
      membershipStatus: "green",
      totalSpentCents: 0,
      points: 50,
      goldStartAt: null,
      formattedGoldStartTimestamp: null,
      purchaseCount: 0,
      activities: ["sign-up"],
      providers: ["google"],
    });
    expect(first.member.formattedMembershipStartTimestamp).toMatch(
      /^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm)$/,
    );
    expect(first.member.pointTransactions).toEqual([
      expect.objectContaining({
        activityType: "sign-up",
        activityLabel: "Sign Up",
        transactionType: "credit",
        points: 50,
        email: google.email,
      }),
    ]);
    expect(await ledgerSum(first.member.id)).toBe(50);

    const again = await shop().getOrCreate(google, { name: "Someone Else" });
    expect(again).toMatchObject({ created: false, member: { id: first.member.id, name: "Tan Mei Ling", points: 50 } });
    expect(await count("point_transactions", first.member.id)).toBe(1);
  });

  it("takes the name and picture from the client's extras but refuses another email", async () => {
    const google = identity();
    const { member } = await shop().getOrCreate(google, { name: "  Chosen Name ", picture: "https://example.com/p.png" });
    expect(member).toMatchObject({ name: "Chosen Name", picture: "https://example.com/p.png" });
    await expect(shop().getOrCreate(identity(), { email: "someone.else@example.com" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("returns a browser session's member as it is, and refuses a session whose member is gone", async () => {
    const { member } = await shop().getOrCreate(identity());
    const viewer = { ...memberViewer(member.id), session: null };
    expect(await getOrCreateMember(as(viewer), { cognitoData: "{}" })).toMatchObject({
      created: false,
      member: { id: member.id },
    });
    await expect(getOrCreateMember(as(memberViewer("no-such-member")), { cognitoData: "{}" })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    await expect(getOrCreateMember(testContext(database.db), { cognitoData: "{}" })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
  });

  it("refuses NUL characters and lone surrogates in every member operation's input, changing nothing", async () => {
    const google = identity();
    const { member } = await shop().getOrCreate(google);
    for (const bad of ["\u0000", "\ud800", "\udfff"]) {
      const fresh = identity();
      for (const cognitoData of [`{"name":"Mei"}${bad}`, JSON.stringify({ name: `Mei${bad}` }), JSON.stringify({ email: bad })]) {
        await expect(getOrCreateMember(as(bearer(fresh)), { cognitoData })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
      }
      expect(await shop().findByEmailAndProvider(google, fresh.email, "google")).toBeNull();
      await expect(shop().findByEmailAndProvider(google, `${google.email}${bad}`, "google")).rejects.toMatchObject({
        code: "BAD_USER_INPUT",
        fields: { email: expect.stringContaining("plain text") },
      });
      await expect(shop().findByEmailAndProvider(google, google.email, `google${bad}`)).rejects.toMatchObject({
        code: "BAD_USER_INPUT",
        fields: { providerType: expect.any(String) },
      });
      const badId = `${member.id}${bad}`;
      for (const operation of [unlinkMember, resetMembership, deleteMember]) {
        await expect(operation(own(member.id), { memberId: badId })).rejects.toMatchObject({
          code: "BAD_USER_INPUT",
          fields: { memberId: expect.any(String) },
        });
      }
      await expect(
        linkMember(own(member.id), { currentMemberId: badId, cognitoData: JSON.stringify({ accessToken: "t" }) }),
      ).rejects.toMatchObject({ code: "BAD_USER_INPUT", fields: { currentMemberId: expect.any(String) } });
      await expect(
        linkMember(own(member.id), { currentMemberId: member.id, cognitoData: JSON.stringify({ accessToken: `t${bad}` }) }),
      ).rejects.toMatchObject({ code: "BAD_USER_INPUT", fields: { "cognitoData.accessToken": expect.any(String) } });
    }
    expect(await shop().view(member.id)).toMatchObject({ points: 50, providers: ["google"] });
  });

  it("links only with an access token the provider vouches for, and runs debug tools only in debug mode", async () => {
    const { member } = await shop().getOrCreate(identity());
    await expect(
      linkMember(own(member.id), { currentMemberId: member.id, cognitoData: JSON.stringify({ accessToken: "refused" }) }),
    ).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: expect.stringContaining("could not be verified") });
    for (const operation of [unlinkMember, resetMembership, deleteMember]) {
      await expect(operation(as(memberViewer(member.id)), { memberId: member.id })).rejects.toMatchObject({
        code: "FORBIDDEN",
        message: "Debug operations are turned off.",
      });
    }
    expect(await shop().view(member.id)).toMatchObject({ points: 50 });
  });

  it("makes exactly one member and one sign-up entry from concurrent first sign-ins", async () => {
    const google = identity();
    const results = await Promise.all(Array.from({ length: 10 }, () => shop().getOrCreate(google)));
    const ids = new Set(results.map((result) => result.member.id));
    expect(ids.size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const memberId = results[0]?.member.id ?? "";
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from members where google_email = ${google.email}`,
    );
    expect(rows[0]?.n).toBe(1);
    expect(await count("point_transactions", memberId)).toBe(1);
    expect(await count("member_identities", memberId)).toBe(1);
    expect(results.every((result) => result.member.points === 50)).toBe(true);
  });

  it("finds a member by provider email and by identity", async () => {
    const google = identity({ email: "Lookup.Me@Example.com".toLowerCase() });
    const { member } = await shop().getOrCreate(google);
    expect((await shop().findByEmailAndProvider(google, " LOOKUP.me@example.com ", "Google"))?.id).toBe(member.id);
    expect(await shop().findByEmailAndProvider(google, google.email, "facebook")).toBeNull();
    expect(await shop().findByEmailAndProvider(google, "nobody@example.com", "google")).toBeNull();
    await expect(shop().findByEmailAndProvider(google, google.email, "twitter")).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    const viewersMember = async (viewer: Viewer) => (await viewerMember.admit(as(viewer)))({});
    expect(await viewersMember(bearer(google))).toBe(member.id);
    await expect(viewersMember(bearer(identity()))).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("attaches a new account with the same verified provider email to the existing member", async () => {
    const original = identity({ provider: "facebook" });
    const { member } = await shop().getOrCreate(original);
    const recreated = { ...original, subject: `recreated-${randomUUID()}` };
    const result = await shop().getOrCreate(recreated);
    expect(result).toMatchObject({ created: false, member: { id: member.id, points: 50 } });
    expect(result.member.identities).toEqual([
      expect.objectContaining({ subject: recreated.subject, linkedAt: member.identities[0]?.linkedAt }),
    ]);
    await expect(
      shop().getOrCreate({ ...original, subject: `unverified-${randomUUID()}`, emailVerified: false }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  describe("linking a second account", () => {
    it("needs a verified email", async () => {
      const { member } = await shop().getOrCreate(identity());
      await expect(
        shop().linkIdentity(member.id, identity({ provider: "facebook", emailVerified: false })),
      ).rejects.toMatchObject({
        code: "BAD_USER_INPUT",
        message: "Your Facebook email address is not verified, so it cannot be linked.",
      });
    });

    it("links one account per provider, idempotently", async () => {
      const { member } = await shop().getOrCreate(identity());
      const facebook = identity({ provider: "facebook" });
      const linked = await shop().linkIdentity(member.id, facebook);
      expect(linked).toMatchObject({
        googleEmail: member.googleEmail,
        facebookEmail: facebook.email,
        providers: ["google", "facebook"],
      });
      const again = await shop().linkIdentity(member.id, facebook);
      expect(again.identities).toHaveLength(2);
      await expect(shop().linkIdentity(member.id, identity({ provider: "facebook" }))).rejects.toMatchObject({
        code: "CONFLICT",
        message: "You already have a Facebook account linked.",
      });
      await expect(shop().linkIdentity(member.id, identity({ provider: "google" }))).rejects.toMatchObject({
        code: "CONFLICT",
        message: "You already have a Google account linked.",
      });
    });

    it("refuses an account or a provider email that belongs to another member", async () => {
      const { member } = await shop().getOrCreate(identity());
      const otherFacebook = identity({ provider: "facebook" });
      const { member: other } = await shop().getOrCreate(otherFacebook);
      const message = "This Facebook account already belongs to another member.";
      await expect(shop().linkIdentity(member.id, otherFacebook)).rejects.toMatchObject({ code: "CONFLICT", message });
      await expect(
        shop().linkIdentity(member.id, { ...otherFacebook, subject: `same-email-${randomUUID()}` }),
      ).rejects.toMatchObject({ code: "CONFLICT", message });
      expect((await shop().view(member.id))?.facebookEmail).toBeNull();
      expect((await shop().view(other.id))?.facebookEmail).toBe(otherFacebook.email);
    });

    it("says so when the member does not exist", async () => {
      await expect(shop().linkIdentity("no-such-member", identity({ provider: "facebook" }))).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    });
  });

  it("unlinks the accounts linked after the first, with their sessions", async () => {
    const google = identity();
    const { member } = await shop().getOrCreate(google);
    const facebook = identity({ provider: "facebook" });
    await shop().linkIdentity(member.id, facebook);
    const session = (subject: string, provider: "google" | "facebook") => ({
      id: randomUUID(),
      memberId: member.id,
      subject,
      provider,
      accessToken: "t",
      accessExpiresAt: new Date(Date.now() + 3600_000),
      csrfToken: "c",
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await database.db.insert(memberSessions).values([session(google.subject, "google"), session(facebook.subject, "facebook")]);

    const unlinked = await shop().unlink(member.id);
    expect(unlinked).toMatchObject({ googleEmail: google.email, facebookEmail: null, providers: ["google"] });
    const sessions = await database.db.select().from(memberSessions).where(eq(memberSessions.memberId, member.id));
    expect(sessions.map((s) => s.subject)).toEqual([google.subject]);
    expect((await shop().unlink(member.id)).providers).toEqual(["google"]);
    // The unlinked account is free to sign up on its own.
    expect((await shop().getOrCreate(facebook)).created).toBe(true);
  });

  it("shows linked customers and orders, and detaches them when the member is deleted", async () => {
    const { member } = await shop().getOrCreate(identity());
    const paidAt = new Date("2026-11-21T08:05:00Z");
    const { customerId, checkoutSessionId: sessionId } = await insertLinkedOrder(database.db, {
      memberId: member.id,
      email: member.email,
      priceCents: 4390,
      paidAt,
      deliveryStart: "2026-11-30",
      deliveryEnd: "2026-12-02",
    });
    const view = await shop().view(member.id);
    expect(view?.linkedCustomers.map((c) => c.id)).toEqual([customerId]);
    expect(view?.linkedOrders).toEqual([expect.objectContaining({ priceCents: 4390, paidAt, deliveryEnd: "2026-12-02" })]);

    expect(await shop().delete(member.id)).toEqual({ email: member.email });
    expect(await shop().view(member.id)).toBeNull();
    expect(await count("point_transactions", member.id)).toBe(0);
    expect(await count("member_identities", member.id)).toBe(0);
    const [order] = await database.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
    expect(order).toMatchObject({ memberId: null, originalMemberId: member.id });
    const [customer] = await database.db.select().from(customers).where(eq(customers.id, customerId));
    expect(customer).toMatchObject({ memberId: null, originalMemberId: member.id });
    await expect(shop().delete(member.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("resets a membership to green with a compensating debit that keeps the ledger summing to the balance", async () => {
    const { member } = await shop().getOrCreate(identity());
    await database.db.transaction((tx) =>
      recordPointEntry(tx, noJobQueue, {
        memberId: member.id,
        email: member.email,
        kind: "bonus",
        transactionType: "credit",
        programmeVersion: 1,
        points: 100,
        at: new Date(),
      }),
    );
    await database.db
      .update(members)
      .set({ membershipStatus: "gold", totalSpentCents: 31_000, goldStartAt: new Date("2026-01-01T00:00:00Z") })
      .where(eq(members.id, member.id));

    const before = Date.now();
    const reset = await shop().resetMembership(member.id);
    expect(reset).toMatchObject({ membershipStatus: "green", totalSpentCents: 0, points: 0, goldStartAt: null });
    expect(reset.membershipStartAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(reset.pointTransactions[0]).toMatchObject({
      activityType: "manual-debit",
      activityLabel: "Refund Adjustment",
      transactionType: "debit",
      points: 150,
    });
    expect(await ledgerSum(member.id)).toBe(0);
    expect(await count("point_transactions", member.id)).toBe(3);
    // Nothing left to take: a second reset writes no entry.
    await shop().resetMembership(member.id);
    expect(await count("point_transactions", member.id)).toBe(3);
  });

  it("never lets a debit take the balance below zero", async () => {
    const { member } = await shop().getOrCreate(identity());
    await expect(
      database.db.transaction((tx) =>
        recordPointEntry(tx, noJobQueue, {
          memberId: member.id,
          email: member.email,
          kind: "redeem",
          transactionType: "debit",
          programmeVersion: 1,
          points: 51,
          at: new Date(),
        }),
      ),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_POINTS" });
    expect(await count("point_transactions", member.id)).toBe(1);
    expect((await shop().view(member.id))?.points).toBe(50);
  });

  it("reads double-encoded JSON and turns malformed JSON into empty values, reporting it", async () => {
    const { member } = await shop().getOrCreate(identity());
    const [entry] = await database.db.select().from(pointTransactions).where(eq(pointTransactions.memberId, member.id));
    await database.db.execute(sql`update members set activities = to_jsonb('{broken'::text) where id = ${member.id}`);
    await database.db.execute(
      sql`update point_transactions set meta = to_jsonb(${JSON.stringify({ source: "import" })}::text) where id = ${entry?.id}`,
    );
    malformed.length = 0;
    const view = await shop().view(member.id);
    expect(view?.activities).toEqual([]);
    expect(view?.pointTransactions[0]?.meta).toEqual({ source: "import" });
    expect(malformed).toEqual([expect.objectContaining({ memberId: member.id, field: "activities", raw: "{broken" })]);

    await database.db.execute(sql`update point_transactions set meta = to_jsonb('not json'::text) where id = ${entry?.id}`);
    malformed.length = 0;
    expect((await shop().view(member.id))?.pointTransactions[0]?.meta).toEqual({});
    expect(malformed.map((detail) => detail.field)).toEqual(["activities", `pointTransactions[${entry?.id}].meta`]);
  });
});
