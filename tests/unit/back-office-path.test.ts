import { describe, expect, it } from "vitest";
import { isBackOfficePath } from "../../server/http/staff-session.ts";

describe("the back office's paths, where the staff session is read", () => {
  it("are /admin, everything under it, and the home's data a client-side navigation fetches", () => {
    for (const path of ["/admin", "/admin/", "/admin/orders", "/admin/orders.data", "/admin.data", "/ADMIN"]) {
      expect(isBackOfficePath(path), path).toBe(true);
    }
  });

  it("are not the shop's pages that merely start alike", () => {
    for (const path of ["/", "/administrator", "/admin.data/x", "/admins", "/shop/admin", "/_root.data"]) {
      expect(isBackOfficePath(path), path).toBe(false);
    }
  });
});
