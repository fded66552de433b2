import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "../../domain/audit/audit-actions.ts";
import { describeAuditEntry, fieldChanges } from "../../domain/audit/describe-audit-entry.ts";

describe("the audit log in words", () => {
  it("says what was done to which order, with its money, and links the order's page", () => {
    const described = describeAuditEntry({
      action: "order.refund",
      target: "1042",
      before: { status: "shipped", refundedCents: 0 },
      after: { refundId: "r-1", amountCents: 1_161, reason: "Damaged box", lines: [{ position: 0, quantity: 1 }] },
      orderId: "order-uuid",
    });
    expect(described.summary).toBe("Refunded order #1042 (S$11.61)");
    expect(described.link).toEqual({ to: "/admin/orders/order-uuid", label: "Order #1042" });
    expect(described.changes).toContainEqual({ field: "refunded", before: "S$0.00", after: "—" });
    expect(described.changes).toContainEqual({ field: "reason", before: "—", after: "Damaged box" });
  });

  it("names a reward by its name and says what its change moved", () => {
    const before = { name: "Free box", pointsCost: 500, active: true, position: 0 };
    const described = describeAuditEntry({
      action: "reward.update",
      target: "free-box",
      before,
      after: { ...before, pointsCost: 600 },
    });
    expect(described.summary).toBe("Changed reward 'Free box': points cost 500 → 600");
    expect(described.link).toEqual({ to: "/admin/rewards", label: "Reward 'Free box'" });
    expect(described.changes).toEqual([{ field: "points cost", before: "500", after: "600" }]);
  });

  it("lists a creation's fields as new, and links members, programme versions, campaigns and staff to their pages", () => {
    expect(fieldChanges(null, { name: "Double points", active: false, excludedProductIds: [] })).toEqual([
      { field: "name", before: "—", after: "Double points" },
      { field: "active", before: "—", after: "no" },
    ]);
    expect(
      describeAuditEntry({
        action: "member.points-credit",
        target: "m-1",
        before: { points: 100 },
        after: { points: 150, reason: "Goodwill" },
      }),
    ).toMatchObject({ summary: "Credited points to member m-1: points 100 → 150", link: { to: "/admin/members/m-1" } });
    expect(
      describeAuditEntry({ action: "programme.publish", target: "programme version 3", before: null, after: null }),
    ).toMatchObject({
      summary: "Published programme version 3",
      link: { to: "/admin/programme", label: "Programme version 3" },
    });
    expect(
      describeAuditEntry({ action: "campaign.end", target: "c-1", before: { name: "Weekend x2" }, after: null }).link?.to,
    ).toBe("/admin/campaigns");
    expect(
      describeAuditEntry({ action: "staff.add", target: "ann@example.com", before: null, after: { role: "staff" } }).summary,
    ).toBe("Added staff ann@example.com");
  });

  it("names a carrier as shoppers read it, and a photo by what it shows and where it moved", () => {
    expect(
      describeAuditEntry({
        action: "order.ship",
        target: "6AHDY2YZ",
        before: { status: "paid" },
        after: { status: "shipped", carrier: "ninjavan", trackingNumber: "NV-1" },
      }).changes,
    ).toContainEqual({ field: "carrier", before: "—", after: "Ninja Van" });
    const shown = { photoId: "p-1", alt: "Box beside a glass" };
    expect(
      describeAuditEntry({
        action: "product.photo-move",
        target: "j4",
        before: { ...shown, place: 2 },
        after: { ...shown, place: 1 },
      }),
    ).toMatchObject({
      summary: "Moved a photo of product j4: “Box beside a glass”",
      changes: [{ field: "place", before: "2", after: "1" }],
    });
    expect(
      describeAuditEntry({ action: "product.photo-remove", target: "j4", before: { ...shown, position: 1 }, after: null })
        .summary,
    ).toBe("Removed a photo of product j4: “Box beside a glass”");
  });

  it("has words for every action the log records, and shows an action it no longer knows as recorded", () => {
    for (const action of AUDIT_ACTIONS) {
      expect(describeAuditEntry({ action, target: "t", before: null, after: null }).summary).not.toContain(action);
    }
    expect(describeAuditEntry({ action: "stock.count", target: "t-1", before: null, after: null })).toEqual({
      summary: "stock.count t-1",
      link: null,
      changes: [],
    });
    // An order whose row is gone has no page to link to.
    expect(
      describeAuditEntry({ action: "order.ship", target: "1042", before: null, after: null, orderId: null }).link,
    ).toBeNull();
  });
});
