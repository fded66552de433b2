import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaigns, programmeVersions } from "../../db/schema/programme.ts";
import { V1_RULES } from "../setup/programme-fixtures.ts";
import { eventually } from "../setup/test-jobs.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const PROGRAMME = `{ programme {
  version effectiveAt pointsPerDollar rounding spendAfterDiscounts shippingCounts goldThreshold
  goldQualifyingWindowMonths goldLengthMonths goldMultiplier redeemHoldDays claimWindowDays signUpPoints
  earnActions { id title points comingSoon verification }
} }`;

type Programme = { version: number; goldMultiplier: number; earnActions: { id: string; points: number }[] };

describe("GraphQL programme: the loyalty programme in force, for headless clients", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(() => shop.close());

  const programme = async () => {
    const response = await fetch(`${shop.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: PROGRAMME }),
    });
    const body = (await response.json()) as { data?: { programme: Programme }; errors?: unknown[] };
    expect(body.errors).toBeUndefined();
    return body.data?.programme as Programme;
  };

  /** A published version, as the back office would write it, effective at `at`. */
  const publish = (number: number, at: Date, change: (rules: typeof V1_RULES) => typeof V1_RULES) =>
    shop.server.database.db.insert(programmeVersions).values({
      number,
      state: "published",
      rules: change(structuredClone(V1_RULES)),
      effectiveAt: at,
      createdBy: "owner@example.com",
      publishedBy: "owner@example.com",
      publishedAt: new Date(),
      createdAt: new Date(),
      updatedAt: new Date(),
    });

  it("answers version 1 without credentials, with SPEC §9's numbers and the visible earn actions", async () => {
    const first = await programme();
    expect(first).toMatchObject({
      version: 1,
      effectiveAt: "1970-01-01T00:00:00.000Z",
      pointsPerDollar: 1,
      rounding: "WHOLE_DOLLARS",
      spendAfterDiscounts: true,
      shippingCounts: false,
      goldThreshold: 300,
      goldQualifyingWindowMonths: null,
      goldLengthMonths: 12,
      goldMultiplier: 1.5,
      redeemHoldDays: 7,
      claimWindowDays: 30,
      signUpPoints: 50,
    });
    expect(first.earnActions.map((action) => action.id)).toEqual([
      "sign-up",
      "follow-ig",
      "follow-fb",
      "refer-friends",
      "post-review",
      "tag-social",
    ]);
    expect(first.earnActions.find((action) => action.id === "refer-friends")).toMatchObject({ comingSoon: true });
  });

  it("answers a newly published version at once, and a scheduled one from its effective time", async () => {
    expect((await programme()).version).toBe(1);
    await publish(2, new Date(Date.now() - 1_000), (rules) => ({ ...rules, gold: { ...rules.gold, multiplier: 2 } }));
    expect(await programme()).toMatchObject({ version: 2, goldMultiplier: 2 });

    const takesEffect = new Date(Date.now() + 1_500);
    await publish(3, takesEffect, (rules) => ({
      ...rules,
      actions: rules.actions.map((action) => (action.id === "follow-ig" ? { ...action, points: 80 } : action)),
    }));
    // Until then the kept reply of version 2 still holds; afterwards nothing kept before may answer.
    if (Date.now() < takesEffect.getTime()) expect((await programme()).version).toBe(2);
    const third = await eventually(programme, (answer) => answer.version === 3, 10_000);
    expect(Date.now()).toBeGreaterThanOrEqual(takesEffect.getTime());
    expect(third.earnActions.find((action) => action.id === "follow-ig")?.points).toBe(80);
  });

  it("lists the campaigns running now, and stops listing one the moment it ends", async () => {
    const campaignsNow = async () => {
      const response = await fetch(`${shop.baseUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          query: "{ activeCampaigns { id name kind multiplier scope scopeIds scopeNames audience startsAt endsAt headline } }",
        }),
      });
      const body = (await response.json()) as { data?: { activeCampaigns: { id: string }[] }; errors?: unknown[] };
      expect(body.errors).toBeUndefined();
      return body.data?.activeCampaigns ?? [];
    };
    expect(await campaignsNow()).toEqual([]);
    const endsAt = new Date(Date.now() + 1_500);
    await shop.server.database.db.insert(campaigns).values({
      id: "luna-double",
      name: "Luna weekend",
      kind: "multiplier",
      multiplier: 2,
      scope: "series",
      scopeIds: ["m"],
      audience: "all",
      startsAt: new Date(Date.now() - 60_000),
      endsAt,
      createdBy: "owner@example.com",
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const [running] = await campaignsNow();
    if (Date.now() < endsAt.getTime()) {
      expect(running).toMatchObject({
        id: "luna-double",
        kind: "MULTIPLIER",
        multiplier: 2,
        scope: "SERIES",
        scopeIds: ["m"],
        scopeNames: ["Luna"],
        audience: "ALL",
        endsAt: endsAt.toISOString(),
      });
      expect((running as unknown as { headline: string }).headline).toMatch(/^Double points on Luna until /);
    }
    await eventually(campaignsNow, (listed) => listed.length === 0, 10_000);
    expect(Date.now()).toBeGreaterThanOrEqual(endsAt.getTime());
  });
});
