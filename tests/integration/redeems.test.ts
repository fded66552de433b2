import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema/catalog.ts";
import { redeems, rewards } from "../../db/schema/rewards.ts";
import { seedRewards } from "../../db/seed/rewards.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { findReward as findRewardOperation } from "../../domain/loyalty/rewards/find-reward.ts";
import { listRewards as listRewardsOperation } from "../../domain/loyalty/rewards/list-rewards.ts";
import { addRedeemToBag as addRedeemOperation } from "../../domain/loyalty/rewards/redeems/add-redeem-to-bag.ts";
import { listPendingRewardLines } from "../../domain/loyalty/rewards/redeems/pending-reward-lines.ts";
import { removeRedeemFromBag as removeRedeemOperation } from "../../domain/loyalty/rewards/redeems/remove-redeem-from-bag.ts";
import { updateRedeemFromBag as updateRedeemOperation } from "../../domain/loyalty/rewards/redeems/update-redeem-from-bag.ts";
import { expectEveryCreditKeyed, expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { testContext } from "../setup/operation-context.ts";
import { balanceOf, memberWithPoints, redeemEntries, type TestMember } from "../setup/redeem-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

describe(`rewards and redeems (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  const db = () => database.db;
  const listRewards = () => listRewardsOperation(testContext(db()), {});
  const findReward = (rewardId: string) => findRewardOperation(testContext(db()), { rewardId });
  /** The operations as the member calls them, answering with the redeem. */
  const addRedeemToBag = async (member: TestMember, meta: Record<string, unknown>) =>
    (await addRedeemOperation(member.as(), { memberId: member.id, meta })).redeem;
  const updateRedeemFromBag = async (member: TestMember, ref: RedeemRef, meta: Record<string, unknown>) =>
    (await updateRedeemOperation(member.as(), { ...ref, meta })).redeem;
  const removeRedeemFromBag = async (member: TestMember, ref: RedeemRef) =>
    (await removeRedeemOperation(member.as(), ref)).redeem;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedRewards(database.db);
  });
  afterAll(() => database.close());

  type RedeemRef = { redeemId: string; memberId: string; pointTransactionId: string };
  const refOf = (redeem: { id: string; memberId: string; pointTransactionId: string }): RedeemRef => ({
    redeemId: redeem.id,
    memberId: redeem.memberId,
    pointTransactionId: redeem.pointTransactionId,
  });

  it("offers the seeded rewards with single boxes and pouches of active products only", async () => {
    const list = await listRewards();
    expect(list.map((reward) => [reward.id, reward.pointsCost])).toEqual([
      ["pouch", 150],
      ["joffee-box", 350],
      ["nectar-box-4", 500],
      ["nectar-box-8", 950],
    ]);
    const ids = (rewardId: string) => list.find((reward) => reward.id === rewardId)?.choices.map((choice) => choice.optionId);
    expect(ids("nectar-box-4")).toEqual(["op-l4_yc-1b", "op-l4_cp-1b"]);
    expect(ids("joffee-box")).toEqual(["op-j4_bb-1b", "op-j4_yz-1b"]);
    expect(ids("pouch")).toEqual(["op-mpu_ba-1pu", "op-mpu_yd-1pu", "op-mpu_sb-1pu", "op-mpu_ll-1pu", "op-mpu_pb-1pu"]);
    const box8 = ids("nectar-box-8") ?? [];
    expect(box8).toHaveLength(14);
    expect(box8).toEqual(expect.arrayContaining(["op-m8_ba-1b", "op-vs8_cz-1b", "op-l8_ts-1b"]));
    expect(box8.some((id) => !id.endsWith("-1b"))).toBe(false);
    expect(await findReward("no-such-reward")).toBeNull();
  });

  it("shows a reward with nothing of its kind on sale as having no choices, and seeding again keeps edits", async () => {
    await db().update(products).set({ active: false }).where(eq(products.id, "l4"));
    try {
      expect((await findReward("nectar-box-4"))?.choices).toEqual([]);
    } finally {
      await db().update(products).set({ active: true }).where(eq(products.id, "l4"));
    }
    await db().update(rewards).set({ pointsCost: 160 }).where(eq(rewards.id, "pouch"));
    await seedRewards(db());
    expect((await findReward("pouch"))?.pointsCost).toBe(160);
    await db().update(rewards).set({ pointsCost: 150 }).where(eq(rewards.id, "pouch"));
  });

  it("adds, raises, lowers and removes a reward with the points to match, never editing an entry", async () => {
    const member = await memberWithPoints(db(), 1950);
    const added = await addRedeemToBag(member, { optionId: "op-l4_yc-1b", quantity: 2 });
    expect(added).toMatchObject({ status: "Pending", rewardId: "nectar-box-4", pointsEach: 500, quantity: 2 });
    expect(await balanceOf(db(), member.id)).toBe(1000);

    const again = await addRedeemToBag(member, { optionId: "op-l4_yc-1b", rewardId: "nectar-box-4" });
    expect(again).toMatchObject({ id: added.id, quantity: 3, pointTransactionId: added.pointTransactionId });
    expect(await balanceOf(db(), member.id)).toBe(500);

    const lowered = await updateRedeemFromBag(member, refOf(added), { quantity: 1 });
    expect(lowered.quantity).toBe(1);
    expect(await balanceOf(db(), member.id)).toBe(1500);
    await updateRedeemFromBag(member, refOf(added), { quantity: "1" });
    const raised = await updateRedeemFromBag(member, refOf(added), { quantity: 2 });
    expect(raised.quantity).toBe(2);
    expect(await balanceOf(db(), member.id)).toBe(1000);

    const removed = await removeRedeemFromBag(member, refOf(added));
    expect(removed.status).toBe("Cancelled");
    expect(await balanceOf(db(), member.id)).toBe(2000);
    const removedAgain = await removeRedeemFromBag(member, refOf(added));
    expect(removedAgain).toMatchObject({ status: "Cancelled", quantity: 2 });
    expect(await balanceOf(db(), member.id)).toBe(2000);

    expect(await redeemEntries(db(), member.id, added.id)).toEqual([
      { signed: -1000, reason: "added" },
      { signed: -500, reason: "quantity raised" },
      { signed: 1000, reason: "quantity lowered" },
      { signed: -500, reason: "quantity raised" },
      { signed: 1000, reason: "removed from bag" },
    ]);
    await expect(updateRedeemFromBag(member, refOf(added), { quantity: 3 })).rejects.toMatchObject({ code: "CONFLICT" });
    const fresh = await addRedeemToBag(member, { optionId: "op-l4_yc-1b" });
    expect(fresh.id).not.toBe(added.id);
    await expectLedgerInvariant(db());
    await expectEveryCreditKeyed(db());
  });

  it("refuses a reward the balance cannot pay for, saying how many points it needs", async () => {
    const member = await memberWithPoints(db(), 0);
    const refusal = addRedeemToBag(member, { optionId: "op-mpu_ba-1pu" });
    await expect(refusal).rejects.toMatchObject({
      code: "INSUFFICIENT_POINTS",
      message: "Not enough points: this needs 150 points and you have 50.",
    });
    expect(await db().select().from(redeems).where(eq(redeems.memberId, member.id))).toEqual([]);
    expect(await balanceOf(db(), member.id)).toBe(50);

    const rich = await memberWithPoints(db(), 100);
    const pouch = await addRedeemToBag(rich, { optionId: "op-mpu_ba-1pu" });
    await expect(updateRedeemFromBag(rich, refOf(pouch), { quantity: 2 })).rejects.toMatchObject({
      code: "INSUFFICIENT_POINTS",
    });
    expect((await db().select().from(redeems).where(eq(redeems.id, pouch.id)))[0]?.quantity).toBe(1);
    await expectLedgerInvariant(db());
  });

  it("takes only options a reward offers, with a usable meta", async () => {
    const member = await memberWithPoints(db(), 15000);
    const refused = async (meta: Record<string, unknown>) =>
      expect(addRedeemToBag(member, meta)).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    await refused({});
    await refused({ optionId: "not an option" });
    await refused({ optionId: "op-m8_ba-2b" });
    await refused({ optionId: "op-m4_ba-1b" });
    await refused({ optionId: "op-pmbas6-6pu" });
    await refused({ optionId: "op-mbndl5-5b" });
    await refused({ optionId: "op-mpu_ba-1pu", rewardId: "nectar-box-4" });
    await refused({ optionId: "op-mpu_ba-1pu", quantity: 0 });
    await refused({ optionId: "op-mpu_ba-1pu", quantity: 100 });
    await refused({ optionId: "op-mpu_ba-1pu", quantity: 1.5 });
    const redeem = await addRedeemToBag(member, { optionId: "op-mpu_ba-1pu", quantity: 99 });
    await expect(addRedeemToBag(member, { optionId: "op-mpu_ba-1pu" })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    await expect(updateRedeemFromBag(member, refOf(redeem), {})).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    expect(await balanceOf(db(), member.id)).toBe(15050 - 99 * 150);
  });

  it("lets a member change only their own redeems", async () => {
    const owner = await memberWithPoints(db(), 1000);
    const other = await memberWithPoints(db(), 1000);
    await expect(
      addRedeemOperation(other.as(), { memberId: owner.id, meta: { optionId: "op-mpu_ba-1pu" } }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const redeem = await addRedeemToBag(owner, { optionId: "op-mpu_ba-1pu" });
    const stolen = { ...refOf(redeem), memberId: other.id };
    await expect(updateRedeemFromBag(other, stolen, { quantity: 2 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(removeRedeemFromBag(other, stolen)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(removeRedeemFromBag(other, refOf(redeem))).rejects.toMatchObject({ code: "FORBIDDEN" });
    const wrongEntry = { ...refOf(redeem), pointTransactionId: "not-this-one" };
    await expect(removeRedeemFromBag(owner, wrongEntry)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const pendingOf = (member: TestMember) => listPendingRewardLines(member.as(), { memberId: member.id });
    expect((await pendingOf(owner)).map((line) => line.redeemId)).toEqual([redeem.id]);
    expect(await pendingOf(other)).toEqual([]);
    await expect(listPendingRewardLines(other.as(), { memberId: owner.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listPendingRewardLines(testContext(db()), { memberId: owner.id })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
  });

  it("keeps the balance at or above zero and equal to the ledger under 50 concurrent redeems it cannot all pay", async () => {
    const member = await memberWithPoints(db(), 5000);
    const options = ["op-mpu_ba-1pu", "op-mpu_yd-1pu", "op-mpu_sb-1pu", "op-mpu_ll-1pu", "op-mpu_pb-1pu"];
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        addRedeemToBag(member, { optionId: options[index % options.length], quantity: 1 }),
      ),
    );
    const refused = results.filter((result) => result.status === "rejected");
    for (const result of refused) expect(result.reason).toMatchObject({ code: "INSUFFICIENT_POINTS" });
    const accepted = results.length - refused.length;
    expect(accepted).toBe(Math.floor(5050 / 150));
    expect(await balanceOf(db(), member.id)).toBe(5050 - accepted * 150);
    const pending = await queryRows<{ option_id: string; quantity: number }>(
      db(),
      sql`select option_id, quantity from redeems where member_id = ${member.id} and status = 'Pending'`,
    );
    expect(pending.length).toBeLessThanOrEqual(options.length);
    expect(new Set(pending.map((row) => row.option_id)).size).toBe(pending.length);
    expect(pending.reduce((total, row) => total + row.quantity, 0)).toBe(accepted);
    await expectLedgerInvariant(db());
  });
});
