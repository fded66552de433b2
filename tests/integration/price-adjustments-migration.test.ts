import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "../../db/client.ts";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { orders } from "../../db/schema/orders.ts";
import { getStaffInvoicePdf } from "../../domain/orders/get-invoice-pdf.ts";
import { orderConfirmationEmail } from "../../domain/orders/order-email.ts";
import { orderMoney } from "../../domain/orders/order-money.ts";
import { loadOrder } from "../../domain/orders/order-view.ts";
import { creditNotesOf, getStaffCreditNotePdf } from "../../domain/orders/refunds/order-refunds.ts";
import { exportOrderLines } from "../../domain/reports/export-order-lines.ts";
import { getSalesReport } from "../../domain/reports/get-sales-report.ts";
import type { FileStore } from "../../integrations/storage/file-store.ts";
import {
  DOCUMENTS_NOW,
  insertOpenCheckoutWithBothDiscounts,
  insertOrdersOfEveryKind,
  invoiceOf,
  ORDER_KEYS,
} from "../setup/discounted-orders.ts";
import { databaseMigratedTo, type OlderDatabase } from "../setup/migration-database.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { shownText } from "../setup/pdf-text.ts";
import { DRIVER_NAME, queryRows } from "../setup/test-database.ts";

/** The last migration of the release that kept discounts in columns of the order. */
const LAST_COLUMNS_MIGRATION = "0038_order_idempotency_key";

/** What every document, report and export read for these orders on the release that kept discounts in columns. */
const READ_BEFORE = "./price-adjustments-migration.documents.txt";

/** A file store that keeps nothing, so each invoice is drawn again from the database rather than served as first issued. */
const forgetfulFiles: FileStore = {
  put: async (key) => ({ key, url: `memory:${key}` }),
  get: async () => null,
};

/** Every invoice, order page's figures, confirmation email and credit note of the orders, the sales report and the orders CSV's rows. */
async function everythingRead(db: Database): Promise<string> {
  const staff = testContext(db, { viewer: staffWith("orders"), now: () => DOCUMENTS_NOW, ports: { files: forgetfulFiles } });
  const read: string[] = [];
  for (const key of ORDER_KEYS) {
    const order = await loadOrder(db, eq(orders.invoiceId, invoiceOf(key)));
    if (!order) throw new Error(`order ${key} is missing`);
    const { pdf } = await getStaffInvoicePdf(staff, { orderId: order.id });
    read.push(`## ${key}: invoice`, shownText(pdf));
    const money = orderMoney(order);
    // A page shows each discount by its label and amount.
    const discounts = money.discounts.map(({ label, cents }) => ({ label, cents }));
    read.push(`## ${key}: order page figures`, JSON.stringify({ ...money, discounts }, null, 1));
    read.push(`## ${key}: confirmation email`, orderConfirmationEmail(order, "Nectar Lab", "http://shop.test").text);
    for (const note of await creditNotesOf(db, order)) {
      const creditNote = await getStaffCreditNotePdf(staff, { orderId: order.id, refundId: note.id });
      read.push(`## ${key}: credit note ${creditNote.creditNoteId}`, shownText(creditNote.pdf));
    }
  }
  // The report's section by delivery option came later (decision 063): these orders are all "Before delivery options".
  const { deliveries: _byDelivery, ...report } = await getSalesReport(staff, { from: "2026-03-01", to: "2026-03-20" });
  read.push("## sales report", JSON.stringify(report, null, 1));
  read.push("## orders CSV rows", JSON.stringify(await exportOrderLines(staff, {}), null, 1));
  return `${read.join("\n")}\n`;
}

describe(`orders placed before discounts were rows (${DRIVER_NAME})`, () => {
  let older: OlderDatabase;
  let latest: DatabaseHandle;

  beforeAll(async () => {
    older = await databaseMigratedTo(LAST_COLUMNS_MIGRATION);
    await insertOrdersOfEveryKind(older.db);
    await insertOpenCheckoutWithBothDiscounts(older.db);
    latest = await older.migrateToLatest();
  });
  afterAll(() => older?.close());

  it("read the same on every invoice, order page, email, credit note, report and CSV once migrated", async () => {
    await expect(await everythingRead(latest.db)).toMatchFileSnapshot(READ_BEFORE);
  });

  it("keep each discount as a row with its source and code, a promotion code's even when it took nothing off", async () => {
    const rows = await queryRows<{ invoice_id: string; source: string; code: string | null; cents: number }>(
      latest.db,
      sql`select o.invoice_id, a.source, a.code, a.cents from price_adjustments a join orders o on o.id = a.order_id
        order by o.invoice_id, a.position`,
    );
    const referral = { source: "referral", code: "LIMWEI-7Q2K" };
    expect(rows).toEqual([
      { invoice_id: invoiceOf("BOTH"), source: "promotion-code", code: "SAVE5", cents: 500 },
      { invoice_id: invoiceOf("BOTH"), ...referral, cents: 1120 },
      { invoice_id: invoiceOf("CANCELLED"), source: "promotion-code", code: "FIRST10", cents: 390 },
      { invoice_id: invoiceOf("CODE"), source: "promotion-code", code: "FIRST10", cents: 929 },
      { invoice_id: invoiceOf("REFERRAL"), ...referral, cents: 780 },
      { invoice_id: invoiceOf("REFUNDED"), source: "promotion-code", code: "WELCOME5", cents: 539 },
      { invoice_id: invoiceOf("ZEROCODE"), source: "promotion-code", code: "NOTHINGOFF", cents: 0 },
    ]);
    const columns = await queryRows<{ column_name: string }>(
      latest.db,
      sql`select column_name from information_schema.columns where table_name = 'orders' and column_name like '%promotion%'
        or table_name = 'orders' and column_name like '%referral%'`,
    );
    expect(columns).toEqual([]);
  });

  it("give a checkout priced before and paid after the discounts it was priced with, as its order will keep them", async () => {
    const [session] = await latest.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, "cs_open_both"));
    expect(session).toMatchObject({ promotionCode: "SAVE5", discountCents: 1620 });
    expect(session?.adjustments).toEqual([
      { source: "promotion-code", code: "SAVE5", cents: 500, label: "Discount (SAVE5)" },
      { source: "referral", code: "LIMWEI-7Q2K", cents: 1120, label: "Friend's first-order discount" },
    ]);
  });
});
