import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgrammeRules } from "../../domain/loyalty/programme/programme-rules.ts";
import { discardProgrammeDraft } from "../../domain/loyalty/programme-drafts/discard-programme-draft.ts";
import { listProgrammeVersions } from "../../domain/loyalty/programme-drafts/list-programme-versions.ts";
import { publishProgrammeDraft } from "../../domain/loyalty/programme-drafts/publish-programme-draft.ts";
import { saveProgrammeDraft } from "../../domain/loyalty/programme-drafts/save-programme-draft.ts";
import { startProgrammeDraft } from "../../domain/loyalty/programme-drafts/start-programme-draft.ts";
import { editStamp } from "../../domain/shared/edit-stamp.ts";
import { singaporeDate, singaporeDateTimeText } from "../../kernel/singapore-time.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { V1_RULES } from "../setup/programme-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const HOUR = 60 * 60 * 1000;

describe(`programme versions in the back office (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const staff = (now = new Date()) => testContext(database.db, { viewer: staffWith("programme"), now: () => now });
  const draftNumber = async () => (await listProgrammeVersions(staff(), {})).find((entry) => entry.state === "draft")?.number;
  const versionRow = async (number: number) =>
    (
      await queryRows<{ state: string; rules: ProgrammeRules }>(
        database.db,
        sql`select state, rules from programme_versions where number = ${number}`,
      )
    )[0];
  const withMultiplier = (rules: ProgrammeRules, multiplier: number): ProgrammeRules => ({
    ...rules,
    gold: { ...rules.gold, multiplier },
  });
  const auditOf = (action: string) =>
    queryRows<{ target: string; before: Record<string, string>; after: Record<string, string> }>(
      database.db,
      sql`select target, before, after from audit_log where action = ${action} order by created_at desc, id limit 1`,
    );

  it("is only for staff holding the programme permission", async () => {
    const catalogue = testContext(database.db, { viewer: staffWith("catalog") });
    await expect(startProgrammeDraft(catalogue, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listProgrammeVersions(catalogue, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("starts one draft at a time, a copy of the published version", async () => {
    expect(await startProgrammeDraft(staff(), {})).toEqual({ number: 2, basedOn: 1 });
    await expect(startProgrammeDraft(staff(), {})).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/Version 2 is a draft already/),
    });
    expect((await versionRow(2))?.rules).toEqual(V1_RULES);
  });

  it("refuses bad rules field by field and changes nothing", async () => {
    const bad = {
      ...V1_RULES,
      earning: { ...V1_RULES.earning, pointsPerDollar: -1 },
      actions: V1_RULES.actions.filter((action) => action.id !== "post-review"),
    };
    const refusal = await saveProgrammeDraft(staff(), { number: 2, rules: bad }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "BAD_USER_INPUT" });
    expect(Object.keys((refusal as { fields: Record<string, string> }).fields)).toEqual(
      expect.arrayContaining(["rules.earning.pointsPerDollar", "rules.actions"]),
    );
    const staffChecked = [...V1_RULES.actions, { ...V1_RULES.actions[1], id: "new-review", verification: "review" }];
    await expect(
      saveProgrammeDraft(staff(), { number: 2, rules: { ...V1_RULES, actions: staffChecked } as ProgrammeRules }),
    ).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { "rules.actions.7.verification": "A new action is verified by click or staff." },
    });
    expect((await versionRow(2))?.rules).toEqual(V1_RULES);
  });

  it("saves the draft's rules with a readable before and after in the audit log", async () => {
    const instagram = V1_RULES.actions.map((action) => (action.id === "follow-ig" ? { ...action, points: 80 } : action));
    const newsletter = {
      id: "newsletter",
      title: "Join our newsletter",
      description: "Get recipes by email.",
      icon: "gift" as const,
      points: 30,
      hidden: false,
      disabled: false,
      verification: "click" as const,
      socialNetwork: null,
    };
    const rules = { ...withMultiplier(V1_RULES, 2), actions: [...instagram, newsletter] };
    const saved = await saveProgrammeDraft(staff(), { number: 2, rules });
    expect(saved.changes.map((change) => change.text)).toEqual([
      "Gold multiplier: 1.5× → 2×",
      "Action 'Follow us on Instagram' points: 50 → 80",
      "New action 'Join our newsletter' (newsletter, 30 points, click)",
    ]);
    const [audit] = await auditOf("programme.draft");
    expect(audit).toMatchObject({
      target: "programme version 2",
      before: { "Gold multiplier": "1.5×", "Action 'Follow us on Instagram' points": "50" },
      after: { "Gold multiplier": "2×", "Action 'Follow us on Instagram' points": "80" },
    });
  });

  it("publishes no earlier than now, now or scheduled", async () => {
    const now = new Date();
    const past = new Date(now.getTime() - HOUR);
    const scheduled = (at: Date) => ({
      number: 2,
      when: "scheduled" as const,
      date: singaporeDate(at),
      time: singaporeDateTimeText(at).slice(11),
    });
    await expect(publishProgrammeDraft(staff(now), scheduled(past))).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { date: expect.stringMatching(/is in the past/) },
    });
    await expect(
      publishProgrammeDraft(staff(now), { number: 2, when: "scheduled", date: "2026-02-30", time: "10:00" }),
    ).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { date: "Choose the Singapore date and time it takes effect." },
    });
    const later = new Date(Math.ceil((now.getTime() + 2 * HOUR) / 60_000) * 60_000);
    const published = await publishProgrammeDraft(staff(now), scheduled(later));
    expect(published).toMatchObject({ number: 2, follows: 1, effectiveAt: later });

    await startProgrammeDraft(staff(now), {});
    const history = await listProgrammeVersions(staff(now), {});
    expect(history.map((entry) => [entry.number, entry.state, entry.publishedBy])).toEqual([
      [3, "draft", null],
      [2, "scheduled", "programme@staff.test"],
      [1, "in force", "system"],
    ]);
    const [audit] = await auditOf("programme.publish");
    expect(audit?.before).toMatchObject({ Version: "1", "Gold multiplier": "1.5×" });
    expect(audit?.after).toMatchObject({ Version: expect.stringMatching(/^2, in force from /), "Gold multiplier": "2×" });
    await discardProgrammeDraft(staff(now), { number: 3 });
    expect(await draftNumber()).toBeUndefined();
  });

  it("refuses to edit, publish or discard a published version; the database refuses it too", async () => {
    await expect(saveProgrammeDraft(staff(), { number: 2, rules: V1_RULES })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/^Version 2 is published \(by programme@staff\.test on .*\) and can no longer be changed/),
    });
    await expect(publishProgrammeDraft(staff(), { number: 1, when: "now", date: "", time: "" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(discardProgrammeDraft(staff(), { number: 1 })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      database.db.execute(sql`update programme_versions set rules = '{}'::jsonb where number = 1`),
    ).rejects.toMatchObject({
      cause: { message: "programme version 1 is published and cannot be changed" },
    });
    await expect(database.db.execute(sql`delete from programme_versions where number = 2`)).rejects.toMatchObject({
      cause: { message: "programme version 2 is published and cannot be changed" },
    });
    expect((await versionRow(2))?.rules.gold.multiplier).toBe(2);
  });

  it("lets one of two publishes at once win; the other is told it is published", async () => {
    const { number } = await startProgrammeDraft(staff(), {});
    const at = new Date(Date.now() + 3 * HOUR);
    const input = { number, when: "scheduled" as const, date: singaporeDate(at), time: singaporeDateTimeText(at).slice(11) };
    const outcomes = await Promise.allSettled([publishProgrammeDraft(staff(), input), publishProgrammeDraft(staff(), input)]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const [refused] = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
    expect(refused).toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(new RegExp(`^Version ${number} is published`)),
    });
  });

  it("refuses a save or a publish from a page opened before someone else's save, which stays", async () => {
    const { number } = await startProgrammeDraft(staff(), {});
    const opened = async () => {
      const draft = (await listProgrammeVersions(staff(), {})).find((entry) => entry.number === number);
      if (!draft) throw new Error("the draft is missing");
      return { rules: draft.rules, seen: editStamp(draft.rules) };
    };
    const first = await opened();
    const second = await opened();
    await saveProgrammeDraft(staff(), { number, rules: withMultiplier(first.rules, 3), seen: first.seen });
    await expect(
      saveProgrammeDraft(staff(), { number, rules: withMultiplier(second.rules, 4), seen: second.seen }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("Someone else saved this draft") });
    const at = new Date(Date.now() + 4 * HOUR);
    const publish = { number, when: "scheduled" as const, date: singaporeDate(at), time: singaporeDateTimeText(at).slice(11) };
    await expect(publishProgrammeDraft(staff(), { ...publish, seen: second.seen })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("so it was not published"),
    });
    expect(await versionRow(number)).toMatchObject({ state: "draft", rules: { gold: { multiplier: 3 } } });

    await expect(publishProgrammeDraft(staff(), { ...publish, seen: (await opened()).seen })).resolves.toBeTruthy();
    expect((await versionRow(number))?.state).toBe("published");
  });
});
