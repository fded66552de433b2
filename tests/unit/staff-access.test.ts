import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { requireDebug, requireSignedIn, requireStaff, requireSystem } from "../../domain/shared/access.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { permissionsOf, STAFF_PERMISSIONS, type StaffPermission } from "../../kernel/staff-permissions.ts";
import { memberViewer, testContext } from "../setup/operation-context.ts";

// These checks read only the viewer and debug mode, never the database.
const noDatabase = {} as Database;
const contextOf = (viewer: Viewer, debug = false) => testContext(noDatabase, { viewer, debug });

const staff = (role: "owner" | "staff", granted: StaffPermission[]): Viewer => ({
  kind: "staff",
  staffId: "staff-1",
  email: "ops@example.com",
  role,
  permissions: permissionsOf(role, granted),
});

const permission = fc.constantFrom(...STAFF_PERMISSIONS);

describe("staff permissions", () => {
  it("never let a guest or a member through, whatever the permission", () => {
    fc.assert(
      fc.property(permission, fc.option(fc.string()), fc.uuid(), (needed, bagToken, memberId) => {
        for (const viewer of [guest(bagToken), memberViewer(memberId, `sub-${memberId}`)]) {
          expect(() => requireStaff(contextOf(viewer, true), needed)).toThrow(expect.objectContaining({ code: "FORBIDDEN" }));
        }
      }),
    );
  });

  it("let staff through only with the permission their role gives", () => {
    fc.assert(
      fc.property(fc.subarray([...STAFF_PERMISSIONS]), permission, (granted, needed) => {
        const ctx = contextOf(staff("staff", granted));
        if (granted.includes(needed)) expect(requireStaff(ctx, needed).staffId).toBe("staff-1");
        else expect(() => requireStaff(ctx, needed)).toThrow(expect.objectContaining({ code: "FORBIDDEN" }));
      }),
    );
  });

  it("give owners every permission", () => {
    for (const needed of STAFF_PERMISSIONS) expect(requireStaff(contextOf(staff("owner", [])), needed).role).toBe("owner");
  });

  it("do not make staff a signed-in member", () => {
    expect(() => requireSignedIn(contextOf(staff("owner", [])))).toThrow(expect.objectContaining({ code: "UNAUTHENTICATED" }));
  });
});

describe("debug mode", () => {
  it("refuses debug operations when it is off, for every kind of viewer", () => {
    for (const viewer of [guest(), memberViewer("m-1"), staff("owner", [])]) {
      expect(() => requireDebug(contextOf(viewer, false))).toThrow(expect.objectContaining({ code: "FORBIDDEN" }));
      expect(() => requireDebug(contextOf(viewer, true))).not.toThrow();
    }
  });
});

describe("the shop's own background work", () => {
  it("is done only by jobs: no guest, member or staff (not even an owner) passes", () => {
    for (const viewer of [guest("bag"), memberViewer("m-1"), staff("owner", [])]) {
      expect(() => requireSystem(contextOf(viewer, true))).toThrow(expect.objectContaining({ code: "FORBIDDEN" }));
    }
    expect(() => requireSystem(contextOf({ kind: "system", job: "loyalty-maintenance" }))).not.toThrow();
  });

  it("gives a job no staff permission and no membership", () => {
    const job = contextOf({ kind: "system", job: "send-email" });
    expect(() => requireStaff(job, "refunds")).toThrow(expect.objectContaining({ code: "FORBIDDEN" }));
    expect(() => requireSignedIn(job)).toThrow(expect.objectContaining({ code: "UNAUTHENTICATED" }));
  });
});
