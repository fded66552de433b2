import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POINT_HISTORY_MAX_PAGE_SIZE, POINT_HISTORY_PAGE_SIZE } from "../../domain/members/point-history.ts";
import { callGraphQL, codesOf, memberOf, signIn } from "../setup/member-graphql.ts";
import { addPointEntries, historyIds, historyIdsBelow } from "../setup/point-history-fixtures.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

type Entry = { id: string; memberId: string; points: number; cursor: string };
type Page = { entries: Entry[]; hasMore: boolean; nextCursor: string | null };

const BY_EMAIL = `query($email: String!, $first: Int, $before: String) {
  getMemberByEmailAndProviderTypeFast(email: $email, providerType: "google") {
    id points
    pointTransactions { id memberId points cursor }
    pointTransactionsPage(first: $first, before: $before) { entries { id memberId points cursor } hasMore nextCursor }
  }
}`;

/** The plain list of a LIST_ONLY reply. */
const listIn = (reply: Awaited<ReturnType<typeof callGraphQL>>) =>
  (reply.body.data?.getMemberByEmailAndProviderTypeFast as { pointTransactions: Entry[] } | undefined)?.pointTransactions ?? [];

const LIST_ONLY = `query($email: String!, $first: Int, $before: String) {
  getMemberByEmailAndProviderTypeFast(email: $email, providerType: "google") {
    pointTransactions(first: $first, before: $before) { id memberId }
  }
}`;

describe("point history through GraphQL, a page at a time", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ DEBUG_TOOLS: "true" });
  });
  afterAll(() => shop.close());

  /** A member with the sign-up entry and `count` more. */
  async function memberWithEntries(count: number) {
    const account = await signIn(shop);
    const member = await memberOf(shop.baseUrl, account);
    await addPointEntries(shop.server.database.db, member, count);
    return { ...account, id: member.id };
  }

  async function read(account: { token: string; email: string }, paging: { first?: number; before?: string | null } = {}) {
    return callGraphQL(shop.baseUrl, BY_EMAIL, { email: account.email, ...paging }, { token: account.token });
  }

  const memberIn = (reply: Awaited<ReturnType<typeof read>>) =>
    reply.body.data?.getMemberByEmailAndProviderTypeFast as {
      points: number;
      pointTransactions: Entry[];
      pointTransactionsPage: Page;
    };

  it("answers a client that asks for pointTransactions without arguments with the newest page, and the whole balance", async () => {
    const account = await memberWithEntries(60);
    const reply = await read(account);
    expect(reply.body.errors).toBeUndefined();
    const member = memberIn(reply);
    const all = await historyIds(shop.server.database.db, account.id);
    expect(all).toHaveLength(61);
    expect(member.pointTransactions.map((entry) => entry.id)).toEqual(all.slice(0, POINT_HISTORY_PAGE_SIZE));
    expect(member.pointTransactionsPage).toMatchObject({ hasMore: true, nextCursor: member.pointTransactions.at(-1)?.cursor });
    // 50 for signing up and 1 + 2 + ... + 60: the balance is the member's, never the page's sum.
    expect(member.points).toBe(50 + (60 * 61) / 2);
  });

  it("returns every entry exactly once and in order across pages, ties on the same microsecond included", async () => {
    const account = await memberWithEntries(44);
    const all = await historyIds(shop.server.database.db, account.id);
    const seen: string[] = [];
    let before: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const page: Page = memberIn(await read(account, { first: 7, before })).pointTransactionsPage;
      // Six full pages, then the last 45 - 42 entries.
      expect(page.entries).toHaveLength(pages < 6 ? 7 : 3);
      seen.push(...page.entries.map((entry) => entry.id));
      if (!page.hasMore) {
        expect(page.nextCursor).toBeNull();
        break;
      }
      before = page.nextCursor;
    }
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(45);
  });

  it("pages the plain list with an entry's cursor, as far as the last entry", async () => {
    const account = await memberWithEntries(25);
    const all = await historyIds(shop.server.database.db, account.id);
    const first = memberIn(await read(account)).pointTransactions;
    const rest = await callGraphQL(
      shop.baseUrl,
      LIST_ONLY,
      { email: account.email, first: 100, before: first.at(-1)?.cursor },
      { token: account.token },
    );
    expect([...first, ...listIn(rest)].map((entry) => entry.id)).toEqual(all);
  });

  it("bounds the page: at most the maximum, at least one", async () => {
    const account = await memberWithEntries(3);
    for (const first of [0, -1, POINT_HISTORY_MAX_PAGE_SIZE + 1, 1_000_000]) {
      const reply = await callGraphQL(shop.baseUrl, LIST_ONLY, { email: account.email, first }, { token: account.token });
      expect(codesOf(reply), `first: ${first}`).toEqual(["BAD_USER_INPUT"]);
      expect(reply.body.errors?.[0]?.message).toContain("first");
    }
    const one = await callGraphQL(shop.baseUrl, LIST_ONLY, { email: account.email, first: 1 }, { token: account.token });
    expect(listIn(one)).toHaveLength(1);
  });

  it("refuses cursors it did not hand out with BAD_USER_INPUT", async () => {
    const account = await memberWithEntries(3);
    const encode = (text: string) => Buffer.from(text).toString("base64url");
    const id = "0c9d0000-0000-4000-8000-000000000000";
    const cursors = [
      "",
      "nope!",
      "x".repeat(5_000),
      encode("not a cursor"),
      encode(`2026-02-30T10:00:00.000000Z ${id}`),
      encode(`2026-13-01T10:00:00.000000Z ${id}`),
      encode(`2026-01-01T10:00:00Z ${id}`),
      encode(`2026-01-01T10:00:00.000000Z ${id}'; drop table members; --`),
      encode("2026-01-01T10:00:00.000000Z \u0000"),
    ];
    for (const before of cursors) {
      const reply = await callGraphQL(shop.baseUrl, LIST_ONLY, { email: account.email, before }, { token: account.token });
      expect(reply.status, before.slice(0, 40)).toBe(200);
      expect(codesOf(reply), before.slice(0, 40)).toEqual(["BAD_USER_INPUT"]);
    }
  });

  it("never reaches another member's history: a cursor only places a page within the caller's own", async () => {
    const mine = await memberWithEntries(10);
    const theirs = await memberWithEntries(10);
    const theirIds = new Set(await historyIds(shop.server.database.db, theirs.id));
    const theirPage = memberIn(await read(theirs, { first: 3 })).pointTransactionsPage;
    const reply = await read(mine, { first: 100, before: theirPage.nextCursor });
    const page = memberIn(reply).pointTransactionsPage;
    const db = shop.server.database.db;
    // Both members' added entries share their times, so mine are those the history sorts below their cursor's entry:
    // the eight older than the cursor's time always, and those of its time whose ids sort lower.
    const below = await historyIdsBelow(db, mine.id, theirPage.entries.at(-1)?.id ?? "");
    expect(below.slice(-8)).toEqual((await historyIds(db, mine.id)).slice(-8));
    expect(page.entries.map((entry) => entry.id)).toEqual(below);
    for (const entry of page.entries) {
      expect(entry.memberId).toBe(mine.id);
      expect(theirIds.has(entry.id)).toBe(false);
    }
    const other = await callGraphQL(shop.baseUrl, BY_EMAIL, { email: theirs.email }, { token: mine.token });
    expect(codesOf(other)).toEqual(["FORBIDDEN"]);
  });

  it("answers a mutation's member with the newest page too", async () => {
    const account = await memberWithEntries(30);
    const reply = await callGraphQL(
      shop.baseUrl,
      `mutation($memberId: ID!) { createEarnPointTransaction(memberId: $memberId, meta: "{\\"activityType\\":\\"follow-ig\\"}") {
        points pointTransactions { activityType } } }`,
      { memberId: account.id },
      { token: account.token },
    );
    expect(reply.body.errors).toBeUndefined();
    const member = reply.body.data?.createEarnPointTransaction as {
      points: number;
      pointTransactions: { activityType: string }[];
    };
    expect(member.pointTransactions).toHaveLength(POINT_HISTORY_PAGE_SIZE);
    expect(member.pointTransactions[0]?.activityType).toBe("follow-ig");
    expect(member.points).toBe(50 + (30 * 31) / 2 + 50);
  });
});
