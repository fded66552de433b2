import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AUDIT_PAGE_SIZE, listAuditLog } from "../../domain/audit-log/list-audit-log.ts";
import { openStaffSession, resumeStaffSession, STAFF_SESSION_IDLE_MS } from "../../domain/identity/staff-sessions.ts";
import { guest, type OperationContext, type StaffViewer, type Viewer } from "../../domain/shared/context.ts";
import { addStaff } from "../../domain/staff/add-staff.ts";
import { changeStaffRole } from "../../domain/staff/change-staff-role.ts";
import { listStaff } from "../../domain/staff/list-staff.ts";
import { removeStaff } from "../../domain/staff/remove-staff.ts";
import { staffViewerOf } from "../../domain/staff/staff-access.ts";
import { memberViewer, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const SETTING_OWNER = "boss@nectarlab.test";
const AT = new Date("2026-03-02T04:00:00Z");

describe(`staff and the audit log (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    for (const table of ["audit_log", "staff_sessions", "staff"])
      await database.db.execute(sql`delete from ${sql.identifier(table)}`);
  });

  const context = (viewer: Viewer, ownerEmails: string[] = [SETTING_OWNER]): OperationContext =>
    testContext(database.db, { viewer, ownerEmails, now: () => AT });

  async function viewerOf(email: string, ownerEmails: string[] = [SETTING_OWNER]): Promise<StaffViewer> {
    const viewer = await staffViewerOf(context(guest(), ownerEmails), email);
    if (!viewer) throw new Error(`${email} is not staff`);
    return viewer;
  }

  const owner = () => viewerOf(SETTING_OWNER);
  const audit = () =>
    queryRows<{ actor_email: string; action: string; target: string; before: unknown; after: unknown }>(
      database.db,
      sql`select actor_email, action, target, before, after from audit_log order by created_at, id`,
    );

  it("lets an owner add staff with chosen permissions, recording who did it with before and after", async () => {
    await addStaff(context(await owner()), { email: " Packer@Example.com ", role: "staff", permissions: ["orders"] });
    const packer = await viewerOf("packer@example.com");
    expect(packer.role).toBe("staff");
    expect([...packer.permissions]).toEqual(["orders"]);
    expect(await audit()).toEqual([
      {
        actor_email: SETTING_OWNER,
        action: "staff.add",
        target: "packer@example.com",
        before: null,
        after: { role: "staff", permissions: ["orders"] },
      },
    ]);
  });

  it("records a change of permissions with the role before and after", async () => {
    const ctx = context(await owner());
    await addStaff(ctx, { email: "ops@example.com", role: "staff", permissions: ["orders"] });
    await changeStaffRole(ctx, { email: "ops@example.com", role: "staff", permissions: ["points", "refunds"] });
    const changes = (await audit()).filter((entry) => entry.action === "staff.change");
    expect(changes).toEqual([
      {
        actor_email: SETTING_OWNER,
        action: "staff.change",
        target: "ops@example.com",
        before: { role: "staff", permissions: ["orders"] },
        after: { role: "staff", permissions: ["refunds", "points"] },
      },
    ]);
    expect([...(await viewerOf("ops@example.com")).permissions].sort()).toEqual(["points", "refunds"]);
  });

  it("refuses guests, members and staff without the staff permission, changing nothing", async () => {
    await addStaff(context(await owner()), { email: "packer@example.com", role: "staff", permissions: ["orders", "refunds"] });
    const before = await audit();
    const packer = await viewerOf("packer@example.com");
    for (const viewer of [guest(), memberViewer("member-1"), packer]) {
      const ctx = context(viewer);
      await expect(addStaff(ctx, { email: "x@example.com", role: "owner" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(changeStaffRole(ctx, { email: "packer@example.com", role: "owner" })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      await expect(removeStaff(ctx, { email: "packer@example.com" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(listStaff(ctx, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(listAuditLog(ctx, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await audit()).toEqual(before);
    expect((await viewerOf("packer@example.com")).role).toBe("staff");
  });

  it("refuses bad input with a message per field", async () => {
    const ctx = context(await owner());
    await expect(addStaff(ctx, { email: "not-an-email", role: "owner" })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { email: "must be an email address" },
    });
    await expect(addStaff(ctx, { email: "a@example.com", role: "staff", permissions: [] })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    // Managing staff stays with owners: it cannot be given to a staff role.
    await expect(addStaff(ctx, { email: "a@example.com", role: "staff", permissions: ["staff"] })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    await expect(addStaff(ctx, { email: "a@example.com", role: "admin" } as never)).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    expect(await audit()).toEqual([]);
  });

  it("refuses adding someone twice or an owner the setting names, and changing or removing a setting owner", async () => {
    const ctx = context(await owner());
    await addStaff(ctx, { email: "ops@example.com", role: "owner" });
    await expect(addStaff(ctx, { email: "ops@example.com", role: "owner" })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(addStaff(ctx, { email: SETTING_OWNER, role: "owner" })).rejects.toMatchObject({ code: "CONFLICT" });
    const other = context(await viewerOf("ops@example.com"));
    await expect(removeStaff(other, { email: SETTING_OWNER })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(changeStaffRole(other, { email: SETTING_OWNER, role: "staff", permissions: ["orders"] })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect((await listStaff(ctx, {})).map((entry) => [entry.email, entry.fromSetting])).toEqual([
      [SETTING_OWNER, true],
      ["ops@example.com", false],
    ]);
  });

  it("never leaves the shop without an owner, nor lets an owner lock themselves out", async () => {
    // No owners in the setting: the staff list's owners are all there is.
    const first = context(await owner());
    await addStaff(first, { email: "a@example.com", role: "owner" });
    await addStaff(first, { email: "b@example.com", role: "owner" });
    const a = await viewerOf("a@example.com", []);
    const b = await viewerOf("b@example.com", []);
    await expect(removeStaff(context(a, []), { email: "a@example.com" })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      changeStaffRole(context(a, []), { email: "a@example.com", role: "staff", permissions: ["orders"] }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await changeStaffRole(context(a, []), { email: "b@example.com", role: "staff", permissions: ["orders"] });
    // b still holds an owner's viewer from before (two owners at once): a is now the last owner.
    await expect(removeStaff(context(b, []), { email: "a@example.com" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "a@example.com is the last owner; add another owner first.",
    });
    expect((await viewerOf("a@example.com", [])).role).toBe("owner");
  });

  it("writes the audit entry in the change's transaction: a change whose entry fails is not made", async () => {
    await database.db.execute(
      sql`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`,
    );
    await database.db.execute(
      sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`,
    );
    try {
      await expect(addStaff(context(await owner()), { email: "ops@example.com", role: "owner" })).rejects.toThrow();
    } finally {
      await database.db.execute(sql`drop trigger refuse_audit on audit_log`);
      await database.db.execute(sql`drop function refuse_audit()`);
    }
    expect(await staffViewerOf(context(guest()), "ops@example.com")).toBeNull();
  });

  it("applies a change of role to open sessions at once, and removal ends them", async () => {
    const ctx = context(await owner());
    await addStaff(ctx, { email: "ops@example.com", role: "staff", permissions: ["orders"] });
    const opened = await database.db.transaction((tx) => openStaffSession(tx, "ops@example.com", AT));
    await changeStaffRole(ctx, { email: "ops@example.com", role: "staff", permissions: ["points"] });
    const resumed = await resumeStaffSession(ctx, opened.token, AT);
    expect([...(resumed?.permissions ?? [])]).toEqual(["points"]);
    expect(resumed?.session).toEqual({ id: opened.id, csrfToken: opened.csrfToken });
    await removeStaff(ctx, { email: "ops@example.com" });
    expect(await resumeStaffSession(ctx, opened.token, AT)).toBeNull();
  });

  it("ends a session left idle", async () => {
    const opened = await database.db.transaction((tx) => openStaffSession(tx, SETTING_OWNER, AT));
    const later = new Date(AT.getTime() + STAFF_SESSION_IDLE_MS);
    expect(await resumeStaffSession(context(guest()), opened.token, later)).toBeNull();
    expect(await resumeStaffSession(context(guest()), opened.token, AT)).toBeNull();
  });

  it("lists the log newest first, a page at a time, filtered by who, action and days", async () => {
    const boss = await owner();
    for (let i = 0; i < AUDIT_PAGE_SIZE + 2; i++) {
      const at = new Date(AT.getTime() + i * 60_000);
      await addStaff({ ...context(boss), now: () => at }, { email: `s${i}@example.com`, role: "staff", permissions: ["orders"] });
    }
    await addStaff(context(boss), { email: "other-owner@example.com", role: "owner" });
    const other = await viewerOf("other-owner@example.com");
    // 01:00 on 6 March in Singapore, still 5 March in UTC: the log's days are Singapore days.
    await removeStaff({ ...context(other), now: () => new Date("2026-03-05T17:00:00Z") }, { email: "s0@example.com" });

    const ctx = context(boss);
    const first = await listAuditLog(ctx, {});
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0]).toMatchObject({
      action: "staff.remove",
      actorEmail: "other-owner@example.com",
      target: "s0@example.com",
    });
    const second = await listAuditLog(ctx, { after: first.next ?? "" });
    const all = [...first.entries, ...second.entries];
    expect(second.next).toBeNull();
    expect(all).toHaveLength(AUDIT_PAGE_SIZE + 4);
    expect(new Set(all.map((entry) => entry.id)).size).toBe(all.length);
    const times = all.map((entry) => entry.createdAt.getTime());
    expect(times).toEqual([...times].sort((x, y) => y - x));

    expect((await listAuditLog(ctx, { actor: "Other-Owner@example.com" })).entries.map((entry) => entry.action)).toEqual([
      "staff.remove",
    ]);
    expect((await listAuditLog(ctx, { action: "staff.remove" })).entries).toHaveLength(1);
    expect((await listAuditLog(ctx, { from: "2026-03-06", to: "2026-03-06" })).entries).toHaveLength(1);
    expect((await listAuditLog(ctx, { from: "2026-03-05", to: "2026-03-05" })).entries).toHaveLength(0);
    expect((await listAuditLog(ctx, { to: "2026-03-01" })).entries).toHaveLength(0);
    await expect(listAuditLog(ctx, { from: "yesterday" })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    await expect(listAuditLog(ctx, { action: "drop tables" })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    await expect(listAuditLog(ctx, { from: "2026-03-06", to: "2026-03-05" })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: "The range must not end before the day it starts.",
    });
    // A page's address typed over: a time PostgreSQL cannot hold is no page, not a failure.
    for (const after of [
      "-004713-01-01T00:00:00.000Z|x",
      "+275760-09-13T00:00:00.000Z|x",
      "0000-01-01T00:00:00.000Z|x",
      "2026|x",
    ]) {
      await expect(listAuditLog(ctx, { after }), after).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    }
  });
});
