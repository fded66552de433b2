import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCalendarMonths } from "../../domain/loyalty/expiry/expiry-dates.ts";
import { singaporeDate } from "../../kernel/singapore-time.ts";
import { publishRulesAt } from "../setup/expiry-fixtures.ts";
import { callGraphQL, memberOf, signIn } from "../setup/member-graphql.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const EXPIRING = `query($email: String!) {
  getMemberByEmailAndProviderTypeFast(email: $email, providerType: "google") { points pointsExpiring { points expiresOn } }
}`;

describe("GraphQL Member.pointsExpiring", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(() => shop?.close());

  async function expiringOf(account: { token: string; email: string }) {
    const reply = await callGraphQL(shop.baseUrl, EXPIRING, { email: account.email }, { token: account.token });
    expect(reply.body.errors, JSON.stringify(reply.body.errors)).toBeUndefined();
    return reply.body.data?.getMemberByEmailAndProviderTypeFast;
  }

  it("is null while expiry is off, then gives the balance and the Singapore date it expires on", async () => {
    const account = await signIn(shop);
    await memberOf(shop.baseUrl, account);
    expect(await expiringOf(account)).toEqual({ points: 50, pointsExpiring: null });

    const switchedOn = new Date();
    await publishRulesAt(shop.server.database.db, switchedOn, (rules) => ({
      ...rules,
      expiry: { months: 12, warningDays: [30] },
    }));
    // The member was last active before expiry was switched on: the clock starts then.
    expect(await expiringOf(account)).toEqual({
      points: 50,
      pointsExpiring: { points: 50, expiresOn: addCalendarMonths(singaporeDate(switchedOn), 12) },
    });
  });
});
