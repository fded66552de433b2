import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { orders } from "../../db/schema/orders.ts";
import { getStaffInvoicePdf } from "../../domain/orders/get-invoice-pdf.ts";
import { orderConfirmationEmail } from "../../domain/orders/order-email.ts";
import { orderMoney } from "../../domain/orders/order-money.ts";
import { loadOrder } from "../../domain/orders/order-view.ts";
import { creditNotesOf, getStaffCreditNotePdf } from "../../domain/orders/refunds/order-refunds.ts";
import { exportOrderLines } from "../../domain/reports/export-order-lines.ts";
import { getSalesReport } from "../../domain/reports/get-sales-report.ts";
import type { FileStore } from "../../integrations/storage/file-store.ts";
import { DOCUMENTS_NOW, insertOrdersOfEveryKind, invoiceOf, ORDER_KEYS } from "../setup/discounted-orders.ts";
import { databaseMigratedTo, type OlderDatabase } from "../setup/migration-database.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { shownText } from "../setup/pdf-text.ts";
import { DRIVER_NAME } from "../setup/test-database.ts";

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
  const report = await getSalesReport(staff, { from: "2026-03-01", to: "2026-03-20" });
  read.push("## sales report", JSON.stringify(report, null, 1));
  read.push("## orders CSV rows", JSON.stringify(await exportOrderLines(staff, {}), null, 1));
  return `${read.join("\n")}\n`;
}

describe(`orders placed before discounts were rows (${DRIVER_NAME})`, () => {
  let older: OlderDatabase;

  beforeAll(async () => {
    older = await databaseMigratedTo(LAST_COLUMNS_MIGRATION);
    await insertOrdersOfEveryKind(older.db);
  });
  afterAll(() => older?.close());

  it("read the same on every invoice, order page, email, credit note, report and CSV once migrated", async () => {
    const latest = await older.migrateToLatest();
    await expect(await everythingRead(latest.db)).toMatchFileSnapshot(READ_BEFORE);
  });
});
