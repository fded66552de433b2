import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRewards } from "../../db/seed/rewards.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { addToBag } from "../../domain/bag/add-to-bag.ts";
import { createDummyOrder } from "../../domain/debug/create-dummy-order.ts";
import { createOrUpdateLoyalCustomer } from "../../domain/loyalty/order-points/loyal-customer.ts";
import { createEarnPointTransaction } from "../../domain/loyalty/points/earn-points.ts";
import { refundPointTransaction } from "../../domain/loyalty/points/refund-point-transaction.ts";
import { addRedeemToBag } from "../../domain/loyalty/rewards/redeems/add-redeem-to-bag.ts";
import { updateRedeemFromBag } from "../../domain/loyalty/rewards/redeems/update-redeem-from-bag.ts";
import { expectUnchanged, snapshotOf } from "../setup/hostile-input.ts";
import { asMember } from "../setup/loyalty-fixtures.ts";
import { testContext } from "../setup/operation-context.ts";
import { memberWithPoints, type TestMember } from "../setup/redeem-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const POINTS = "meta.points must be a whole number from 1 to 100000.";
const REQUEST_ID = "meta.requestId must be a text of 1 to 100 characters.";
const ACTIVITY = 'meta.activityType must name an earn action, e.g. {"activityType":"follow-ig"}.';
const PRICE = "price must be an amount in S$ above 0 and up to 100000.";
const TIMESTAMP = "timestamp must be a number: epoch seconds (or milliseconds).";
const PLACED = "timestamp (when the order was placed, epoch seconds) or when (old or new) is required.";
const QUANTITY = "Quantity must be a whole number from 1 to 99.";

/** A refusal as callers see it: the whole message, and the message of each field by its path. */
async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error("expected the input to be refused");
    },
    (caught: unknown) => caught as { code: string; message: string; fields?: Record<string, string> },
  );
  return { code: error.code, message: error.message, fields: error.fields };
}

const bad = (message: string, fields: Record<string, string>) => ({ code: "BAD_USER_INPUT", message, fields });

describe(`meta arguments read by their operation's schema (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let member: TestMember;
  let redeemRef: { redeemId: string; memberId: string; pointTransactionId: string };

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedRewards(database.db);
    member = await memberWithPoints(database.db, 1000);
    const { redeem } = await addRedeemToBag(member.as(), { memberId: member.id, meta: { optionId: "op-mpu_ba-1pu" } });
    redeemRef = { redeemId: redeem.id, memberId: member.id, pointTransactionId: redeem.pointTransactionId };
  });
  afterAll(() => database.close());

  const debug = () => asMember(database.db, member.id, { debug: true });

  /** Each call is refused with exactly `expected`, and no table changes. */
  async function expectRefused(cases: [string, () => Promise<unknown>, ReturnType<typeof bad>][]) {
    const before = await snapshotOf(database.db);
    for (const [name, call, expected] of cases) expect(await refusalOf(call()), name).toEqual(expected);
    await expectUnchanged(database.db, before, cases.map(([name]) => name).join(", "));
  }

  it("refuses a debug credit's points and requestId of the wrong type or out of range", async () => {
    const refund = (meta: unknown) => () => refundPointTransaction(debug(), { memberId: member.id, meta });
    const bonus = (meta: object) => () =>
      createEarnPointTransaction(debug(), { memberId: member.id, meta: { activityType: "bonus", ...meta } });
    await expectRefused([
      ["points as words", refund('{"points":"lots"}'), bad(POINTS, { "meta.points": POINTS })],
      ["points 0", refund({ points: 0 }), bad(POINTS, { "meta.points": POINTS })],
      ["points over the limit", refund({ points: 100_001 }), bad(POINTS, { "meta.points": POINTS })],
      ["points as a list", refund({ points: [5] }), bad(POINTS, { "meta.points": POINTS })],
      ["a blank requestId", refund({ requestId: " " }), bad(REQUEST_ID, { "meta.requestId": REQUEST_ID })],
      ["a numeric requestId", refund({ requestId: 7 }), bad(REQUEST_ID, { "meta.requestId": REQUEST_ID })],
      ["bonus points 1.5", bonus({ points: 1.5 }), bad(POINTS, { "meta.points": POINTS })],
      [
        "both wrong",
        refund({ points: -1, requestId: "" }),
        bad(`${POINTS} ${REQUEST_ID}`, { "meta.points": POINTS, "meta.requestId": REQUEST_ID }),
      ],
    ]);
  });

  it("reads a meta left out as {}: a debug refund of the default 100 points", async () => {
    const other = await memberWithPoints(database.db, 0);
    const { member: after } = await refundPointTransaction(asMember(database.db, other.id, { debug: true }), {
      memberId: other.id,
    });
    expect(after.points).toBe(50 + 100);
  });

  it("refuses an earn action that is missing, not text or not known", async () => {
    const earn = (meta: unknown) => () => createEarnPointTransaction(member.as(), { memberId: member.id, meta });
    const unknown = 'There is no earn action "follow-mastodon".';
    await expectRefused([
      ["no activityType", earn({}), bad(ACTIVITY, { "meta.activityType": ACTIVITY })],
      ["a numeric activityType", earn({ activityType: 7 }), bad(ACTIVITY, { "meta.activityType": ACTIVITY })],
      ["an unknown action", earn({ activityType: "follow-mastodon" }), bad(unknown, { "meta.activityType": unknown })],
    ]);
  });

  it("refuses a dummy order's fields with the documented messages, each under its path", async () => {
    const create = (meta: unknown) => () => createDummyOrder(debug(), { memberId: member.id, meta });
    const notOldOrNew = 'when must be "old" or "new", not "later".';
    const whenText = 'when must be the text "old" or "new".';
    const outOfRange = "timestamp is out of range.";
    await expectRefused([
      ["neither timestamp nor when", create({ price: 50 }), bad(PLACED, { meta: PLACED })],
      ["timestamp as text", create('{"timestamp":"1795248300"}'), bad(TIMESTAMP, { "meta.timestamp": TIMESTAMP })],
      ["a negative timestamp", create({ timestamp: -1 }), bad(TIMESTAMP, { "meta.timestamp": TIMESTAMP })],
      [
        "a base 2 days short of the end of time",
        create({ when: "new", timestamp: 8.64e15 - 1 }),
        bad(outOfRange, { "meta.timestamp": outOfRange }),
      ],
      ["when of an unknown kind", create({ when: "later" }), bad(notOldOrNew, { "meta.when": notOldOrNew })],
      ["when as a number", create({ when: 1 }), bad(whenText, { "meta.when": whenText })],
      ["price as text", create({ when: "new", price: "100" }), bad(PRICE, { "meta.price": PRICE })],
      ["price over the limit", create({ when: "new", price: 100_001 }), bad(PRICE, { "meta.price": PRICE })],
      [
        "two bad fields",
        create({ when: "later", price: 0 }),
        bad(`${notOldOrNew} ${PRICE}`, { "meta.when": notOldOrNew, "meta.price": PRICE }),
      ],
    ]);
  });

  it("refuses a loyal customer record's fields of the wrong type or out of range", async () => {
    const loyal = (meta: object) => () => createOrUpdateLoyalCustomer(debug(), { meta: { email: member.email, ...meta } });
    const ltv = "ltv must be an amount in S$ from 0 to 10000000.";
    const name = "name must be a text of 1 to 200 characters.";
    const email = "Enter an email address like name@example.com.";
    await expectRefused([
      ["ltv as words", loyal({ ltv: "lots" }), bad(ltv, { "meta.ltv": ltv })],
      ["a negative ltv", loyal({ ltv: -1 }), bad(ltv, { "meta.ltv": ltv })],
      ["a blank name", loyal({ name: "  " }), bad(name, { "meta.name": name })],
      ["no email", () => createOrUpdateLoyalCustomer(debug(), { meta: { name: "Mei" } }), bad(email, { "meta.email": email })],
    ]);
  });

  it("refuses a reward's option, quantity and reward id of the wrong type, and a missing quantity", async () => {
    const add = (meta: unknown) => () => addRedeemToBag(member.as(), { memberId: member.id, meta });
    const update = (meta: unknown) => () => updateRedeemFromBag(member.as(), { ...redeemRef, meta });
    const nameTheOption = 'meta must name the option to take as "optionId", e.g. {"optionId":"op-l4_yc-1b"}.';
    const notAnOption = "That purchase option id is not valid.";
    const rewardId = "rewardId must be a reward's id, e.g. nectar-box-4.";
    const giveTheQuantity = 'meta must give the new quantity, e.g. {"quantity":2}; remove the reward to take it out.';
    await expectRefused([
      ["no optionId", add({ quantity: 1 }), bad(nameTheOption, { "meta.optionId": nameTheOption })],
      ["an empty optionId", add({ optionId: "" }), bad(nameTheOption, { "meta.optionId": nameTheOption })],
      ["a numeric optionId", add({ optionId: 5 }), bad(notAnOption, { "meta.optionId": notAnOption })],
      ["quantity as words", add({ optionId: "op-mpu_ba-1pu", quantity: "two" }), bad(QUANTITY, { "meta.quantity": QUANTITY })],
      ["a numeric rewardId", add({ optionId: "op-mpu_ba-1pu", rewardId: 4 }), bad(rewardId, { "meta.rewardId": rewardId })],
      ["no new quantity", update({}), bad(giveTheQuantity, { "meta.quantity": giveTheQuantity })],
      ["a new quantity of 100", update('{"quantity":100}'), bad(QUANTITY, { "meta.quantity": QUANTITY })],
    ]);
  });

  it("says what is wrong with a bag line's quantity without naming the field twice", async () => {
    const holder = testContext(database.db, { viewer: { kind: "guest", bagToken: null } });
    await expectRefused([
      ["quantity 0", () => addToBag(holder, { optionId: "op-m8_ba-1b", quantity: 0 }), bad(QUANTITY, { quantity: QUANTITY })],
    ]);
  });
});
