import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redeems } from "../../db/schema/rewards.ts";
import { seedRewards } from "../../db/seed/rewards.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { findPurchaseOption } from "../../domain/catalog/find-purchase-option.ts";
import { updateFlavour } from "../../domain/catalog/staff/save-flavour.ts";
import { updateOption } from "../../domain/catalog/staff/save-option.ts";
import { addRedeemToBag } from "../../domain/loyalty/rewards/redeems/add-redeem-to-bag.ts";
import { invoicePdf } from "../../domain/orders/invoice-file.ts";
import { byInvoiceId, loadOrder } from "../../domain/orders/order-view.ts";
import { guest } from "../../domain/shared/context.ts";
import { createLocalFileStore } from "../../integrations/storage/file-store.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { placePastOrder } from "../setup/past-orders.ts";
import { shownText } from "../setup/pdf-text.ts";
import { balanceOf, memberWithPoints } from "../setup/redeem-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const ORDERED = "op-m8_ba-1b";
const REWARD = "op-j4_bb-1b";

describe(`what was sold keeps its price when the catalogue changes (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedRewards(database.db);
  });
  afterAll(() => database.close());

  const staff = () => testContext(database.db, { viewer: staffWith("catalog") });
  const optionFields = async (optionId: string) => {
    const option = await findPurchaseOption(testContext(database.db, { viewer: guest() }), { optionId });
    if (!option) throw new Error(`${optionId} is not in the catalogue`);
    const { optionName, optionPriceCents, flavourName, isUpsellOption, active, skus } = option;
    return { optionId, optionName, optionPriceCents, flavourName: flavourName ?? "", isUpsellOption, active, skus };
  };
  const invoiceText = async (invoiceId: string) => {
    const order = await loadOrder(database.db, byInvoiceId(invoiceId));
    if (!order) throw new Error("no order");
    const files = createLocalFileStore(mkdtempSync(path.join(tmpdir(), "invoices-")));
    const supplier = { name: "Nectar Lab", address: null, gstRegistrationNumber: null };
    return shownText(await invoicePdf({ db: database.db, files, brandName: "Nectar Lab", supplier }, order));
  };

  it("leaves an order, its invoice and a pending redeem as they were made", async () => {
    const order = await placePastOrder(database.db, { email: "kept@example.com", mobile: "9123 4567", paidAt: new Date() });
    const member = await memberWithPoints(database.db, 2000);
    const { redeem } = await addRedeemToBag(member.as(), { memberId: member.id, meta: { optionId: REWARD, quantity: 1 } });
    const orderBefore = await loadOrder(database.db, byInvoiceId(order.invoiceId));
    const redeemBefore = await database.db.select().from(redeems).where(eq(redeems.id, redeem.id));
    const balanceBefore = await balanceOf(database.db, member.id);
    expect(orderBefore?.lines).toMatchObject([{ optionId: ORDERED, optionName: "1 Box", unitPriceCents: 3900 }]);

    const ordered = await optionFields(ORDERED);
    await updateOption(staff(), { ...ordered, optionName: "Single Box", optionPriceCents: 4500 });
    const reward = await optionFields(REWARD);
    await updateOption(staff(), { ...reward, optionPriceCents: 1590 });
    await updateFlavour(staff(), {
      skuId: "mba8",
      seriesCode: "m",
      flavourName: "Berry Acai",
      format: "Nectar",
      retailPriceCents: 4500,
    });
    expect(await optionFields(ORDERED)).toMatchObject({
      optionName: "Single Box",
      optionPriceCents: 4500,
      flavourName: "Berry Acai",
    });

    expect(await loadOrder(database.db, byInvoiceId(order.invoiceId))).toEqual(orderBefore);
    const invoice = await invoiceText(order.invoiceId);
    expect(invoice).toContain("S$39.00");
    expect(invoice).toContain("Berries Acai");
    expect(invoice).not.toContain("S$45.00");
    expect(invoice).not.toContain("Berry Acai");
    expect(await database.db.select().from(redeems).where(eq(redeems.id, redeem.id))).toEqual(redeemBefore);
    expect(await balanceOf(database.db, member.id)).toBe(balanceBefore);
  });
});
