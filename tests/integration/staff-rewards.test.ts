import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRewards } from "../../db/seed/rewards.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { type CatalogReader, catalogCachedByRevision } from "../../domain/catalog/catalog-reader.ts";
import { catalogRevisionReader } from "../../domain/catalog/catalog-revision.ts";
import { findReward } from "../../domain/loyalty/rewards/find-reward.ts";
import { listRewards } from "../../domain/loyalty/rewards/list-rewards.ts";
import { createReward, listRewardsForStaff, rewardStamp, updateReward } from "../../domain/loyalty/rewards/manage-rewards.ts";
import { addRedeemToBag } from "../../domain/loyalty/rewards/redeems/add-redeem-to-bag.ts";
import { listPendingRewardLines } from "../../domain/loyalty/rewards/redeems/pending-reward-lines.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { memberViewer, staffWith, testContext } from "../setup/operation-context.ts";
import { memberWithPoints } from "../setup/redeem-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const POUCH = { id: "pouch", name: "Nectar pouch", description: "One pouch of nectar.", position: 1 };

describe(`the rewards catalogue in the back office (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedRewards(database.db);
    kept = catalogCachedByRevision(database.db, () => catalogRevisionReader(database.db)(), { warn: () => {} });
  });
  afterAll(() => database.close());

  // As a running shop sees them: the catalogue (and the rewards with it) kept per revision.
  let kept: CatalogReader;
  const as = (viewer: Viewer) => ({ ...testContext(database.db, { viewer }), catalog: kept });
  const merchandiser = () => as(staffWith("catalog"));
  const costOf = async (rewardId: string) => (await findReward(as(guest()), { rewardId }))?.pointsCost ?? null;

  it("keeps the catalogue's revision when a start inserts the seeded rewards that are there already", async () => {
    const revision = await catalogRevisionReader(database.db)();
    await seedRewards(database.db);
    expect(await catalogRevisionReader(database.db)()).toBe(revision);
  });

  it("lists every reward in the members' order", async () => {
    const rows = await listRewardsForStaff(merchandiser(), {});
    expect(rows.map((row) => row.id)).toEqual(["pouch", "joffee-box", "nectar-box-4", "nectar-box-8"]);
  });

  it("changes a reward's cost for members at once, while redeems in a bag keep what they cost", async () => {
    const member = await memberWithPoints(database.db, 1000);
    await addRedeemToBag(member.as(), { memberId: member.id, meta: { optionId: "op-mpu_ba-1pu" } });
    await updateReward(merchandiser(), { ...POUCH, pointsCost: "200", active: true });
    expect(await costOf("pouch")).toBe(200);
    const [pending] = await listPendingRewardLines(member.as(), { memberId: member.id });
    expect(pending).toMatchObject({ rewardId: "pouch", pointsEach: 150 });
    const [audit] = await queryRows<{ before: { pointsCost: number }; after: { pointsCost: number } }>(
      database.db,
      sql`select before, after from audit_log where action = 'reward.update' and target = 'pouch'`,
    );
    expect([audit?.before.pointsCost, audit?.after.pointsCost]).toEqual([150, 200]);
  });

  it("switches a reward off and on again", async () => {
    await updateReward(merchandiser(), { ...POUCH, pointsCost: 200, active: false });
    expect(await costOf("pouch")).toBeNull();
    expect((await listRewards(as(guest()), {})).map((reward) => reward.id)).not.toContain("pouch");
    expect((await listRewardsForStaff(merchandiser(), {})).find((row) => row.id === "pouch")?.active).toBe(false);
    await updateReward(merchandiser(), { ...POUCH, pointsCost: 200, active: true });
    expect(await costOf("pouch")).toBe(200);
  });

  it("refuses a save from a page opened before someone else's save, which stays", async () => {
    const opened = async () => {
      const row = (await listRewardsForStaff(merchandiser(), {})).find((reward) => reward.id === "pouch");
      if (!row) throw new Error("the pouch reward is missing");
      return rewardStamp(row);
    };
    const first = await opened();
    const second = await opened();
    await updateReward(merchandiser(), { ...POUCH, pointsCost: 210, active: true, seen: first });
    await expect(updateReward(merchandiser(), { ...POUCH, pointsCost: 220, active: true, seen: second })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("Someone else saved this reward"),
    });
    expect(await costOf("pouch")).toBe(210);
    await updateReward(merchandiser(), { ...POUCH, pointsCost: 200, active: true, seen: await opened() });
    expect(await costOf("pouch")).toBe(200);
  });

  it("creates a reward members can see at once, with its audit entry", async () => {
    const created = await createReward(merchandiser(), {
      id: "shot-box",
      name: "8-serving shot box",
      description: "A box of shots.",
      optionKind: "box-8",
      pointsCost: "900",
      position: "5",
    });
    expect(created).toMatchObject({ id: "shot-box", pointsCost: 900, position: 5, active: true });
    expect((await findReward(as(guest()), { rewardId: "shot-box" }))?.choices.length).toBeGreaterThan(0);
    await expect(createReward(merchandiser(), { ...created, pointsCost: 100 })).rejects.toMatchObject({ code: "CONFLICT" });
    const audit = await queryRows<{ action: string }>(database.db, sql`select action from audit_log where target = 'shot-box'`);
    expect(audit).toEqual([{ action: "reward.create" }]);
  });

  it("refuses bad input field by field and changes nothing", async () => {
    await expect(
      createReward(merchandiser(), {
        id: "Bad Id",
        name: " ",
        description: "",
        optionKind: "box-12" as "box-8",
        pointsCost: "0",
        position: "-1",
      }),
    ).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fields: {
        id: "must be lower-case letters and digits, joined by single dashes",
        name: "is required",
        description: "is required",
        optionKind: "must be one of pouch, joffee-box, box-4, box-8",
        pointsCost: "must be at least 1",
        position: "must be at least 0",
      },
    });
    await expect(updateReward(merchandiser(), { ...POUCH, pointsCost: "1.5", active: true })).rejects.toMatchObject({
      fields: { pointsCost: "must be a whole number" },
    });
    await expect(updateReward(merchandiser(), { ...POUCH, id: "nope", pointsCost: 5, active: true })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await costOf("pouch")).toBe(200);
  });

  it("refuses staff without the catalog permission, members and guests", async () => {
    for (const viewer of [staffWith("orders", "points", "promotions"), memberViewer("m-1"), guest()]) {
      await expect(listRewardsForStaff(as(viewer), {})).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(updateReward(as(viewer), { ...POUCH, pointsCost: 1, active: true })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      await expect(createReward(as(viewer), { ...POUCH, id: "x", optionKind: "pouch", pointsCost: 1 })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
    }
    expect(await costOf("pouch")).toBe(200);
  });
});
