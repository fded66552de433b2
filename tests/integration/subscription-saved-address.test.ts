import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberAddresses } from "../../db/schema/member-addresses.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { listAddresses } from "../../domain/checkout/address-book/address-book.ts";
import { addAddress, editAddress, removeAddress } from "../../domain/checkout/address-book/change-address-book.ts";
import { cancelSubscription } from "../../domain/subscriptions/manage/cancel-subscription.ts";
import { changeAddress } from "../../domain/subscriptions/manage/change-address.ts";
import { shipToSavedAddress } from "../../domain/subscriptions/manage/ship-to-saved-address.ts";
import { renewalOrderKey } from "../../domain/subscriptions/renewal-paid.ts";
import { runRenewals } from "../../domain/subscriptions/renewals/run-renewals.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import { checkoutPorts } from "../setup/checkout-fixtures.ts";
import { createMember } from "../setup/loyalty-fixtures.ts";
import { memberViewer, testContext } from "../setup/operation-context.ts";
import { type RecordingPayments, recordingTestPayments } from "../setup/recording-payments.ts";
import { insertSubscription, subscribedMember, subscriptionNow } from "../setup/subscription-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const NOW = new Date("2036-03-10T02:00:00Z");
const HOME = {
  label: "Home",
  name: "Tan Mei Ling",
  mobile: "9123 4567",
  address: "10 Anson Road",
  unit: "#12-01",
  postalCode: "079903",
};
const OFFICE = {
  label: "Office",
  name: "Lim Wei",
  mobile: "8123 4567",
  address: "1 Raffles Place",
  unit: "#30-01",
  postalCode: "048616",
};
const IN_USE =
  "A subscription of yours ships to this address. Choose another address for it on your Subscriptions page, then remove this one.";

describe(`subscriptions ship to an address from the member's book (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: RecordingPayments;
  const db = () => database.db;
  const as = (memberId: string, now = NOW) => testContext(db(), { viewer: memberViewer(memberId), now: () => now });

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    recording = recordingTestPayments(database.db);
  });
  afterAll(() => database.close());

  async function subscriberWithBook() {
    const member = await createMember(db());
    const subscription = await insertSubscription(db(), { memberId: member.id, nextRenewalOn: "2036-03-20" });
    const ctx = as(member.id);
    const home = await addAddress(ctx, HOME);
    const office = await addAddress(ctx, OFFICE);
    return { ctx, memberId: member.id, subscription, home, office };
  }

  it("ships to the chosen address, follows it when it changes, and lets go of it when the member types one", async () => {
    const { ctx, memberId, subscription, office } = await subscriberWithBook();
    const after = await shipToSavedAddress(ctx, { subscriptionId: subscription.id, addressId: office.id });
    expect(after.addressId).toBe(office.id);
    expect(after.shipping).toEqual({
      ...subscription.shipping,
      name: "Lim Wei",
      mobile: "+6581234567",
      address: "1 Raffles Place, #30-01",
      postalCode: "048616",
    });
    const [told] = await queryRows<{ change: string }>(
      db(),
      sql`select data->>'change' as change from email_outbox where kind = 'subscription-changed' and member_id = ${memberId}`,
    );
    expect(told?.change).toBe("Your boxes now go to Office: Lim Wei, 1 Raffles Place, #30-01, Singapore 048616.");

    await editAddress(ctx, { ...OFFICE, addressId: office.id, unit: "#31-01" });
    expect((await subscriptionNow(db(), subscription.id)).shipping.address).toBe("1 Raffles Place, #31-01");

    const typed = { ...subscription.shipping, address: "2 Kent Ridge Drive", postalCode: "119077" };
    const { newsletter: _newsletter, ...typedInput } = typed;
    await changeAddress(ctx, { subscriptionId: subscription.id, ...typedInput });
    const now = await subscriptionNow(db(), subscription.id);
    expect(now.addressId).toBeNull();
    await editAddress(ctx, { ...OFFICE, addressId: office.id, unit: "#32-01" });
    expect((await subscriptionNow(db(), subscription.id)).shipping.address).toBe("2 Kent Ridge Drive");
  });

  it("refuses to remove an address a subscription ships to, and removes it once that subscription is cancelled", async () => {
    const { ctx, subscription, home } = await subscriberWithBook();
    await shipToSavedAddress(ctx, { subscriptionId: subscription.id, addressId: home.id });
    await expect(removeAddress(ctx, { addressId: home.id })).rejects.toMatchObject({ code: "CONFLICT", message: IN_USE });
    expect(await listAddresses(ctx, {})).toHaveLength(2);

    await cancelSubscription(ctx, { subscriptionId: subscription.id });
    await removeAddress(ctx, { addressId: home.id });
    expect(await listAddresses(ctx, {})).toHaveLength(1);
    expect(await subscriptionNow(db(), subscription.id)).toMatchObject({
      addressId: null,
      shipping: { address: "10 Anson Road, #12-01" },
    });
  });

  it("never lets a removal and a choice of the same address both succeed when they race", async () => {
    const { ctx, subscription, home } = await subscriberWithBook();
    const [removed, chosen] = await Promise.allSettled([
      removeAddress(ctx, { addressId: home.id }),
      shipToSavedAddress(ctx, { subscriptionId: subscription.id, addressId: home.id }),
    ]);
    const after = await subscriptionNow(db(), subscription.id);
    const [kept] = await db().select().from(memberAddresses).where(eq(memberAddresses.id, home.id));
    if (removed.status === "fulfilled") {
      expect(chosen).toMatchObject({ status: "rejected", reason: { code: "NOT_FOUND" } });
      expect(kept).toBeUndefined();
      expect(after.addressId).toBeNull();
    } else {
      expect(removed.reason).toMatchObject({ code: "CONFLICT", message: IN_USE });
      expect(chosen.status).toBe("fulfilled");
      expect(kept?.id).toBe(home.id);
      expect(after.addressId).toBe(home.id);
    }
  });

  it("lets an edit of an address and a subscription choosing that same address again both succeed when they race", async () => {
    const { ctx, subscription, office } = await subscriberWithBook();
    await shipToSavedAddress(ctx, { subscriptionId: subscription.id, addressId: office.id });
    for (const unit of ["#31-01", "#32-01", "#33-01", "#34-01", "#35-01", "#36-01"]) {
      const results = await Promise.allSettled([
        editAddress(ctx, { ...OFFICE, addressId: office.id, unit }),
        shipToSavedAddress(ctx, { subscriptionId: subscription.id, addressId: office.id }),
      ]);
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);
      expect(await subscriptionNow(db(), subscription.id)).toMatchObject({
        addressId: office.id,
        shipping: { address: `1 Raffles Place, ${unit}` },
      });
    }
  });

  it("takes neither another member's address nor another member's subscription", async () => {
    const owner = await subscriberWithBook();
    const other = await subscriberWithBook();
    await expect(
      shipToSavedAddress(other.ctx, { subscriptionId: other.subscription.id, addressId: owner.home.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      shipToSavedAddress(other.ctx, { subscriptionId: owner.subscription.id, addressId: other.home.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await subscriptionNow(db(), owner.subscription.id)).addressId).toBeNull();
    expect((await subscriptionNow(db(), other.subscription.id)).addressId).toBeNull();
  });

  it("places the next renewal's order to the saved address", async () => {
    const at = new Date(Date.UTC(2035, 0, 5));
    const { memberId, subscription } = await subscribedMember(db(), recording, { at });
    const ctx = as(memberId, new Date(at.getTime() + DAY_MS));
    const office = await addAddress(ctx, OFFICE);
    await shipToSavedAddress(ctx, { subscriptionId: subscription.id, addressId: office.id });

    const renewer = testContext(db(), {
      viewer: { kind: "system", job: "renew-subscriptions" },
      now: () => new Date(at.getTime() + 28 * DAY_MS),
      ports: checkoutPorts(recording),
    });
    expect(await runRenewals(renewer, {})).toEqual({ paid: 1 });
    const [shipped] = await queryRows<{ shipping: Record<string, string> }>(
      db(),
      sql`select cs.shipping from orders o join checkout_sessions cs on cs.id = o.checkout_session_id
        where o.idempotency_key = ${renewalOrderKey(subscription.id, subscription.nextRenewalOn)}`,
    );
    expect(shipped?.shipping).toMatchObject({
      name: "Lim Wei",
      mobile: "+6581234567",
      address: "1 Raffles Place, #30-01",
      postalCode: "048616",
    });
  });
});
