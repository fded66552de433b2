import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { getBag } from "../../domain/bag/get-bag.ts";
import { fulfilCheckout } from "../../domain/checkout/fulfil-checkout.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { invoicePdf } from "../../domain/orders/invoice-file.ts";
import { byCheckoutSession, loadOrder } from "../../domain/orders/order-view.ts";
import { getStaffCreditNotePdf } from "../../domain/orders/refunds/order-refunds.ts";
import { previewRefund } from "../../domain/orders/refunds/preview-refund.ts";
import { refundOrderPayment } from "../../domain/orders/refunds/refund-order-payment.ts";
import { getSalesReport } from "../../domain/reports/get-sales-report.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { createLocalFileStore } from "../../integrations/storage/file-store.ts";
import { bagWith, checkoutPorts, holderOf, SHIPPING } from "../setup/checkout-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { shownText } from "../setup/pdf-text.ts";
import { type RecordingPayments, recordingTestPayments } from "../setup/recording-payments.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const LUNA = "Luna Collagen Nectar, 8-serving box";
const TOGETHER = `${LUNA}: 3 boxes together`;

describe(`boxes of different flavours priced as one quantity (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: RecordingPayments;
  const ctx = (viewer: Viewer = guest()) => testContext(database.db, { viewer, ports: checkoutPorts(recording) });
  const staff = () => testContext(database.db, { viewer: staffWith("refunds", "orders"), ports: checkoutPorts(recording) });

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    recording = recordingTestPayments(database.db);
  });
  afterAll(() => database.close());

  it("charges three flavours at one box each the three-box price from bag to invoice, and a refund of one flavour gives back its share", async () => {
    const bagToken = await bagWith(database.db, [
      ["op-m8_ba-1b", 1],
      ["op-m8_ll-1b", 1],
      ["op-m8_sb-1b", 1],
      ["op-j4_bb-1b", 1],
    ]);
    const bag = await getBag(ctx(holderOf(bagToken)), {});
    expect(bag.quantitySavings.find((saving) => saving.productName === LUNA)).toMatchObject({
      boxes: 3,
      savingCents: 1560,
      oneMoreBoxSavesCents: 260,
    });
    expect(bag).toMatchObject({ subtotalCents: 11700 + 1290, goodsCents: 10140 + 1290, shippingCents: 0 });

    const { sessionId } = await startCheckout(ctx(holderOf(bagToken)), SHIPPING);
    const [session] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session).toMatchObject({ subtotalCents: 12990, discountCents: 1560, shippingCents: 0, totalCents: 11430 });
    expect(session?.adjustments).toEqual([{ source: "quantity", code: null, cents: 1560, label: TOGETHER }]);
    expect(session?.lines.map((line) => [line.discountCents, line.lineTotalCents])).toEqual([
      [520, 3380],
      [520, 3380],
      [520, 3380],
      [0, 1290],
    ]);

    expect(await recording.payments.pay(sessionId, "4242 4242 4242 4242")).toMatchObject({ ok: true });
    await fulfilCheckout(ctx(), { sessionId });
    const order = await loadOrder(database.db, byCheckoutSession(sessionId));
    if (!order) throw new Error("no order");
    expect(order).toMatchObject({ subtotalCents: 12990, discountCents: 1560, priceCents: 11430 });
    const charged = order.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity - line.discountCents, 0);
    expect(charged).toBe(order.priceCents - order.shippingCents);

    const files = createLocalFileStore(mkdtempSync(path.join(tmpdir(), "mixed-invoices-")));
    const supplier = { name: "Nectar Lab", address: null, gstRegistrationNumber: null };
    const invoice = shownText(await invoicePdf({ db: database.db, files, brandName: "Nectar Lab", supplier }, order));
    expect(invoice).toContain(`${TOGETHER}\n-S$15.60`);
    expect(invoice).toContain("S$114.30");

    const berries = order.lines.find((line) => line.flavourName === "Berries Acai");
    const what = { kind: "lines" as const, lines: [{ position: berries?.position ?? -1, quantity: 1 }] };
    const plan = await previewRefund(staff(), { orderId: order.id, what, reason: "Returned" });
    expect(plan.amountCents).toBe(3380);
    const refund = await refundOrderPayment(staff(), {
      orderId: order.id,
      what,
      reason: "Returned",
      confirmedCents: plan.amountCents,
      refundId: randomUUID(),
    });
    const note = shownText((await getStaffCreditNotePdf(staff(), { orderId: order.id, refundId: refund.refundId })).pdf);
    expect(note).toContain("How the items are credited");
    expect(note).toContain(`The order's discounts: ${TOGETHER}.`);
    expect(note).toContain("S$39.00\nless its share of the order's discounts\n-S$5.20\ncredited\nS$33.80");

    const report = await getSalesReport(staff(), {});
    expect(report.totals).toMatchObject({ orders: 1, units: 4, grossCents: 12990, discountCents: 1560, refundCents: 3380 });
  });
});
