import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { type Access, anyone, backgroundJob, debugTool, signedIn, staffHolding } from "../../domain/shared/access.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { permissionsOf, STAFF_PERMISSIONS, type StaffPermission } from "../../kernel/staff-permissions.ts";
import { memberViewer, testContext } from "../setup/operation-context.ts";

// These declarations read only the viewer and debug mode, never the database nor the input.
const noDatabase = {} as Database;
const contextOf = (viewer: Viewer, debug = false) => testContext(noDatabase, { viewer, debug });

/** What a declaration hands the operation's body, or the refusal it throws. */
const grantOf = async <Grant>(access: Access<Grant>, viewer: Viewer, debug = false): Promise<Grant> =>
  (await access.admit(contextOf(viewer, debug)))({});

const staff = (role: "owner" | "staff", granted: StaffPermission[]): Viewer => ({
  kind: "staff",
  staffId: "staff-1",
  email: "ops@example.com",
  role,
  permissions: permissionsOf(role, granted),
});

const permission = fc.constantFrom(...STAFF_PERMISSIONS);
const forbidden = expect.objectContaining({ code: "FORBIDDEN" });

describe("staff permissions", () => {
  it("never let a guest or a member through, whatever the permission", async () => {
    await fc.assert(
      fc.asyncProperty(permission, fc.option(fc.string()), fc.uuid(), async (needed, bagToken, memberId) => {
        for (const viewer of [guest(bagToken), memberViewer(memberId, `sub-${memberId}`)]) {
          await expect(grantOf(staffHolding(needed), viewer, true)).rejects.toThrow(forbidden);
        }
      }),
    );
  });

  it("let staff through only with the permission their role gives", async () => {
    await fc.assert(
      fc.asyncProperty(fc.subarray([...STAFF_PERMISSIONS]), permission, async (granted, needed) => {
        const asked = grantOf(staffHolding(needed), staff("staff", granted));
        if (granted.includes(needed)) expect((await asked).staffId).toBe("staff-1");
        else await expect(asked).rejects.toThrow(forbidden);
      }),
    );
  });

  it("let staff through with any one of several permissions", async () => {
    expect((await grantOf(staffHolding("points", "orders"), staff("staff", ["orders"]))).staffId).toBe("staff-1");
    await expect(grantOf(staffHolding("points", "orders"), staff("staff", ["refunds"]))).rejects.toThrow(
      'Your role does not allow this (it needs the "points" or "orders" permission).',
    );
  });

  it("give owners every permission", async () => {
    for (const needed of STAFF_PERMISSIONS) expect((await grantOf(staffHolding(needed), staff("owner", []))).role).toBe("owner");
  });

  it("do not make staff a signed-in member", async () => {
    await expect(grantOf(signedIn, staff("owner", []))).rejects.toThrow(expect.objectContaining({ code: "UNAUTHENTICATED" }));
  });
});

describe("debug mode", () => {
  it("refuses debug operations when it is off, for every kind of viewer", async () => {
    for (const viewer of [guest(), memberViewer("m-1"), staff("owner", [])]) {
      await expect(grantOf(debugTool(anyone), viewer, false)).rejects.toThrow(forbidden);
      await expect(grantOf(debugTool(anyone), viewer, true)).resolves.toBeUndefined();
    }
  });
});

describe("the shop's own background work", () => {
  it("is done only by jobs: no guest, member or staff (not even an owner) passes", async () => {
    for (const viewer of [guest("bag"), memberViewer("m-1"), staff("owner", [])]) {
      await expect(grantOf(backgroundJob, viewer, true)).rejects.toThrow(forbidden);
    }
    expect(await grantOf(backgroundJob, { kind: "system", job: "loyalty-maintenance" })).toMatchObject({ kind: "system" });
  });

  it("gives a job no staff permission and no membership", async () => {
    const job: Viewer = { kind: "system", job: "send-email" };
    await expect(grantOf(staffHolding("refunds"), job)).rejects.toThrow(forbidden);
    await expect(grantOf(signedIn, job)).rejects.toThrow(expect.objectContaining({ code: "UNAUTHENTICATED" }));
  });
});
