import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRewards } from "../../db/seed/rewards.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { getDashboard } from "../../domain/dashboard/get-dashboard.ts";
import { listRewardsForStaff, updateReward } from "../../domain/loyalty/rewards/manage-rewards.ts";
import { previewRewardChange } from "../../domain/loyalty/rewards/preview-reward-change.ts";
import { createMember } from "../setup/loyalty-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

describe(`a reward change's effect on the points liability, before it is saved (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedRewards(database.db);
    await createMember(database.db);
    await createMember(database.db);
  });
  afterAll(() => database.close());

  const staff = () => testContext(database.db, { viewer: staffWith("catalog", "orders") });
  const rewardChange = async (id: string, change: { pointsCost?: number; active?: boolean }) => {
    const row = (await listRewardsForStaff(staff(), {})).find((reward) => reward.id === id);
    if (!row) throw new Error(`no reward ${id}`);
    const { name, description, pointsCost, position, active } = row;
    return { id, name, description, pointsCost, position, active, ...change };
  };

  it("values the outstanding points as the dashboard does, before and after, and the dashboard then shows the previewed figure", async () => {
    const dashboard = await getDashboard(staff(), {});
    // The best value for points is the 8-serving box (S$39) for 950 points; doubling its cost lowers it.
    const change = await rewardChange("nectar-box-8", { pointsCost: 1_900 });
    const preview = await previewRewardChange(staff(), change);
    expect(preview).toMatchObject({ name: expect.any(String), movesValue: true, outstandingPoints: dashboard.outstandingPoints });
    expect(preview.before).toEqual({
      pointsCost: 950,
      active: true,
      pointValueCents: dashboard.pointValueCents,
      liabilityCents: dashboard.liabilityCents,
    });
    expect(preview.after.pointsCost).toBe(1_900);
    expect(preview.after.pointValueCents).toBeLessThan(preview.before.pointValueCents);
    expect(preview.after.liabilityCents).toBeLessThan(preview.before.liabilityCents);
    // Nothing is saved by looking.
    expect((await rewardChange("nectar-box-8", {})).pointsCost).toBe(950);

    await updateReward(staff(), change);
    const after = await getDashboard(staff(), {});
    expect(after.liabilityCents).toBe(preview.after.liabilityCents);
    expect(after.pointValueCents).toBe(preview.after.pointValueCents);
  });

  it("tells a change that leaves the cost and switch alone from one that moves what points are worth", async () => {
    const wording = await previewRewardChange(staff(), { ...(await rewardChange("pouch", {})), name: "Pouch of nectar" });
    expect(wording.movesValue).toBe(false);
    expect(wording.after.liabilityCents).toBe(wording.before.liabilityCents);
    const off = await previewRewardChange(staff(), await rewardChange("pouch", { active: false }));
    expect(off.movesValue).toBe(true);
    await expect(previewRewardChange(staff(), { ...(await rewardChange("pouch", {})), id: "no-such" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      previewRewardChange(testContext(database.db, { viewer: staffWith("orders") }), await rewardChange("pouch", {})),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
