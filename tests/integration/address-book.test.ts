import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberAddresses } from "../../db/schema/member-addresses.ts";
import { members } from "../../db/schema/members.ts";
import { addressChoices, getAddress, listAddresses } from "../../domain/checkout/address-book/address-book.ts";
import { MAX_ADDRESSES } from "../../domain/checkout/address-book/address-input.ts";
import {
  addAddress,
  editAddress,
  makeDefaultAddress,
  removeAddress,
} from "../../domain/checkout/address-book/change-address-book.ts";
import { guest } from "../../domain/shared/context.ts";
import { memberViewer, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

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
  name: "Tan Mei Ling",
  mobile: "+65 8123 4567",
  address: "1 Raffles Place",
  unit: "",
  postalCode: "048616",
};

describe(`address book (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let counter = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  async function newMember() {
    counter += 1;
    const id = `book-member-${counter}`;
    await database.db.insert(members).values({ id, email: `${id}@example.com`, name: "Tan Mei Ling" });
    return testContext(database.db, { viewer: memberViewer(id) });
  }

  it("adds, lists, edits and removes a member's addresses; the first is the default and a removed default passes to the oldest left", async () => {
    const ctx = await newMember();
    const home = await addAddress(ctx, HOME);
    const office = await addAddress(ctx, OFFICE);
    expect(home).toMatchObject({ label: "Home", mobile: "9123 4567", address: "10 Anson Road", unit: "#12-01", isDefault: true });
    expect(office).toMatchObject({ mobile: "8123 4567", isDefault: false });
    expect((await listAddresses(ctx, {})).map((address) => address.label)).toEqual(["Home", "Office"]);

    // The same place again, however the mobile is written, is the address the book holds.
    expect(await addAddress(ctx, { ...OFFICE, label: "Office again", mobile: "8123-4567" })).toEqual(office);
    expect(await listAddresses(ctx, {})).toHaveLength(2);

    const edited = await editAddress(ctx, { ...OFFICE, addressId: office.id, label: "Work", unit: "#30-01" });
    expect(edited).toMatchObject({ label: "Work", unit: "#30-01", isDefault: false });

    await removeAddress(ctx, { addressId: home.id });
    expect(await listAddresses(ctx, {})).toEqual([{ ...edited, isDefault: true }]);
  });

  it("refuses bad details field by field, in the delivery form's words, and stores nothing", async () => {
    const ctx = await newMember();
    const refused = await addAddress(ctx, { ...HOME, label: " ", mobile: "12", postalCode: "79903", address: "x" }).catch(
      (error) => error,
    );
    expect(refused).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: {
        label: "Give the address a name, like Home or Office.",
        mobile: "Enter a Singapore mobile number, like 9123 4567.",
        postalCode: "Enter your 6-digit postal code.",
        address: "Enter your street address, with block and unit number.",
      },
    });
    expect(await listAddresses(ctx, {})).toEqual([]);
  });

  it("makes one address the default, and concurrent requests to make different ones the default leave exactly one", async () => {
    const ctx = await newMember();
    const added = [];
    for (const label of ["A", "B", "C", "D"]) added.push(await addAddress(ctx, { ...HOME, label, unit: `#${label}` }));
    const [, , third] = added;
    expect((await makeDefaultAddress(ctx, { addressId: String(third?.id) })).isDefault).toBe(true);
    expect((await listAddresses(ctx, {}))[0]?.label).toBe("C");

    const settled = await Promise.allSettled(added.map((address) => makeDefaultAddress(ctx, { addressId: address.id })));
    expect(settled.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
    const defaults = (await listAddresses(ctx, {})).filter((address) => address.isDefault);
    expect(defaults).toHaveLength(1);
  });

  it("holds at most the cap, even when adds race for the last places", async () => {
    const ctx = await newMember();
    for (let index = 0; index < MAX_ADDRESSES - 2; index += 1)
      await addAddress(ctx, { ...HOME, label: `Place ${index}`, unit: `#${index}` });
    const racing = await Promise.allSettled(
      [1, 2, 3, 4].map((index) => addAddress(ctx, { ...OFFICE, label: `Race ${index}`, unit: `#0${index}-01` })),
    );
    expect(racing.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(2);
    const refused = racing.find((outcome) => outcome.status === "rejected");
    expect(refused?.reason).toMatchObject({
      code: "CONFLICT",
      message: `Your address book holds ${MAX_ADDRESSES} addresses and is full. Remove one you no longer use to add another.`,
    });
    expect(await listAddresses(ctx, {})).toHaveLength(MAX_ADDRESSES);
    expect((await addressChoices(ctx, {})).canSave).toBe(false);
  });

  it("treats another member's address as none at all: not shown, read, changed, made default or removed", async () => {
    const owner = await newMember();
    const other = await newMember();
    const home = await addAddress(owner, HOME);
    const attempts = [
      getAddress(other, { addressId: home.id }),
      editAddress(other, { ...OFFICE, addressId: home.id }),
      makeDefaultAddress(other, { addressId: home.id }),
      removeAddress(other, { addressId: home.id }),
    ];
    for (const attempt of await Promise.allSettled(attempts)) {
      expect(attempt).toMatchObject({ status: "rejected", reason: { code: "NOT_FOUND" } });
    }
    expect(await listAddresses(other, {})).toEqual([]);
    expect(await listAddresses(owner, {})).toEqual([home]);
  });

  it("offers the book at checkout to its member only, and goes with the member", async () => {
    const ctx = await newMember();
    const home = await addAddress(ctx, HOME);
    expect(await addressChoices(ctx, {})).toEqual({ addresses: [home], canSave: true });
    expect(await addressChoices(testContext(database.db, { viewer: guest() }), {})).toEqual({ addresses: [], canSave: false });

    const memberId = (ctx.viewer as { memberId: string }).memberId;
    await database.db.delete(members).where(eq(members.id, memberId));
    expect(await database.db.select().from(memberAddresses).where(eq(memberAddresses.memberId, memberId))).toEqual([]);
  });
});
