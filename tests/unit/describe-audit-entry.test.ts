import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "../../domain/audit/audit-actions.ts";
import { describeAuditEntry, fieldChanges } from "../../domain/audit-log/describe-audit-entry.ts";

describe("the audit log in words", () => {
  const refund = {
    action: "order.refund",
    target: "1042",
    before: { status: "shipped", refundedCents: 0 },
    after: {
      refundId: "r-1",
      amountCents: 3_870,
      reason: "Damaged box",
      restock: true,
      lines: [
        { position: 1, quantity: 1 },
        { position: 0, quantity: 2 },
      ],
    },
    orderId: "order-uuid",
  };
  const orderLines = { 0: "Joffee · Hazelnut · 1 box", 1: "V5 Vitality · 8-serving box" };

  it("says what a refund gave back: its money, items as the order names them, restock, reason and credit note", () => {
    const described = describeAuditEntry({ ...refund, context: { orderLines, creditNotes: { "r-1": "1042-CN1" } } });
    expect(described.summary).toBe("Refunded order #1042 (S$38.70)");
    expect(described.link).toEqual({ to: "/admin/orders/order-uuid", label: "Order #1042" });
    expect(described.facts).toEqual([
      { label: "amount", value: "S$38.70" },
      { label: "items", value: "1 × V5 Vitality · 8-serving box; 2 × Joffee · Hazelnut · 1 box" },
      { label: "boxes back in stock", value: "yes" },
      { label: "reason", value: "Damaged box" },
      { label: "credit note", value: "1042-CN1", href: "/admin/orders/order-uuid/credit-note/r-1" },
    ]);
    // Its record is ids and the order's state before it: nothing of it reads as a change.
    expect(described.changes).toEqual([]);
  });

  it("says a refund of an amount credits no boxes, and that a refund the provider has not confirmed has no credit note yet", () => {
    const described = describeAuditEntry({
      ...refund,
      action: "order.cancel",
      after: { refundId: "r-2", amountCents: 500, reason: "Late", restock: false, lines: [] },
      context: { orderLines, creditNotes: { "r-1": "1042-CN1" } },
    });
    expect(described.summary).toBe("Cancelled order #1042 (S$5.00)");
    expect(described.facts).toEqual([
      { label: "amount", value: "S$5.00" },
      { label: "items", value: "none: an amount of money only" },
      { label: "reason", value: "Late" },
      { label: "credit note", value: "none yet: the refund waits for the payment provider" },
    ]);
    // Without its order's lines (the order is gone), a line is named by its place.
    expect(describeAuditEntry(refund).facts).toContainEqual({
      label: "items",
      value: "1 × line 2; 2 × line 1",
    });
  });

  it("names a job by what it does, not its queue name and run id", () => {
    const ran = describeAuditEntry({
      action: "job.run",
      target: "loyalty-maintenance",
      before: null,
      after: { state: "queued", runId: "f7fa6a77" },
    });
    expect(ran.summary).toBe("Ran now job Loyalty upkeep (tiers, expiries)");
    expect(ran.link).toEqual({ to: "/admin/jobs", label: "Job Loyalty upkeep (tiers, expiries)" });
    const retried = describeAuditEntry({ action: "job.retry", target: "send-email:0b4c", before: null, after: null });
    expect(retried.summary).toBe("Retried job Send an email");
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

  it("names a webhook endpoint by its address, and a delivery sent again by its event and order", () => {
    const endpoint = { url: "https://hooks.example.com/shop", description: "CRM", events: ["order.paid"], active: true };
    expect(describeAuditEntry({ action: "webhook.create", target: "e-1", before: null, after: endpoint })).toMatchObject({
      summary: "Added webhook https://hooks.example.com/shop",
      link: { to: "/admin/webhooks", label: "Webhook https://hooks.example.com/shop" },
    });
    expect(
      describeAuditEntry({ action: "webhook.update", target: "e-1", before: endpoint, after: { ...endpoint, active: false } })
        .summary,
    ).toBe("Changed webhook https://hooks.example.com/shop: active yes → no");
    const redelivery = {
      action: "webhook.redeliver",
      target: "d-1",
      before: null,
      after: { eventId: "ev-1", endpoint: endpoint.url },
    };
    expect(
      describeAuditEntry({
        ...redelivery,
        context: { delivery: { event: "order.paid", orderId: "order-uuid", invoiceId: "1042" } },
      }),
    ).toMatchObject({
      summary: "Sent again to webhook https://hooks.example.com/shop: the order.paid event of order #1042",
      facts: [
        { label: "event id", value: "ev-1" },
        { label: "order", value: "#1042", href: "/admin/orders/order-uuid" },
      ],
      changes: [],
    });
    expect(
      describeAuditEntry({ ...redelivery, context: { delivery: { event: "member.created", orderId: null, invoiceId: null } } })
        .summary,
    ).toBe("Sent again to webhook https://hooks.example.com/shop: the member.created event");
    expect(describeAuditEntry(redelivery).summary).toBe("Sent again to webhook https://hooks.example.com/shop: event ev-1");
  });

  it("names a photo's product by its name, with the photo's size and place rather than its ids", () => {
    const photo = { id: "p-1", productId: "j4", hash: "ab12", alt: "Box beside a glass", width: 1200, height: 800, position: 3 };
    const context = { productName: "Joffee" };
    expect(describeAuditEntry({ action: "product.photo-add", target: "j4", before: null, after: photo, context })).toEqual({
      summary: "Added a photo to product 'Joffee': “Box beside a glass”",
      link: { to: "/admin/catalogue/products/j4", label: "Product 'Joffee'" },
      facts: [
        { label: "size", value: "1200 × 800 px" },
        { label: "place in the gallery", value: "3" },
      ],
      changes: [],
    });
    expect(
      describeAuditEntry({ action: "product.photo-remove", target: "j4", before: photo, after: null, context }).summary,
    ).toBe("Removed a photo of product 'Joffee': “Box beside a glass”");
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
      facts: [],
      changes: [],
    });
    // An order whose row is gone has no page to link to.
    expect(
      describeAuditEntry({ action: "order.ship", target: "1042", before: null, after: null, orderId: null }).link,
    ).toBeNull();
  });
});
