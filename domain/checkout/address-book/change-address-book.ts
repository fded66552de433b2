import { randomUUID } from "node:crypto";
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { memberAddresses } from "../../../db/schema/member-addresses.ts";
import { members } from "../../../db/schema/members.ts";
import { subscriptions } from "../../../db/schema/subscriptions.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { viewerMember } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { ownAddress, ownAddressRow } from "./address-book.ts";
import {
  type AddressFields,
  AddressIdInput,
  AddressInput,
  addressIdInput,
  MAX_ADDRESSES,
  NO_SUCH_ADDRESS,
  type SavedAddress,
  shippingOf,
} from "./address-input.ts";

const ADDRESS_IN_USE =
  "A subscription of yours ships to this address. Choose another address for it on your Subscriptions page, then remove this one.";

/**
 * Adding, removing and choosing the default hold the member's row FOR UPDATE first, so they take
 * turns: two "make default" at once leave exactly one default, and two adds at once cannot pass the cap.
 */
async function lockBook(tx: Tx, memberId: string): Promise<void> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for("update");
}

function columnsOf(input: AddressFields) {
  const { label, name, mobile, address, unit, postalCode } = input;
  return { label, name, mobile, street: address, unit, postalCode };
}

/**
 * addAddress: a new address in the signed-in member's book; the first one is the default. One the
 * book already holds (same recipient, mobile and place) is not added twice: that one is the answer.
 * Refused once the book is full.
 */
export const addAddress = defineOperation(
  { access: viewerMember, input: AddressInput },
  async function addAddress(ctx, input, memberId): Promise<SavedAddress> {
    const { label: _label, ...place } = columnsOf(input);
    const id = await ctx.db.transaction(async (tx) => {
      await lockBook(tx, memberId);
      const same = Object.entries(place).map(([column, value]) => eq(memberAddresses[column as keyof typeof place], value));
      const [held] = await tx
        .select({ id: memberAddresses.id })
        .from(memberAddresses)
        .where(and(eq(memberAddresses.memberId, memberId), ...same));
      if (held) return held.id;
      const [book] = await tx.select({ count: count() }).from(memberAddresses).where(eq(memberAddresses.memberId, memberId));
      const already = book?.count ?? 0;
      if (already >= MAX_ADDRESSES) {
        throw new AppError(
          "CONFLICT",
          `Your address book holds ${MAX_ADDRESSES} addresses and is full. Remove one you no longer use to add another.`,
        );
      }
      const now = ctx.now();
      const added = randomUUID();
      await tx
        .insert(memberAddresses)
        .values({ id: added, memberId, ...columnsOf(input), isDefault: already === 0, createdAt: now, updatedAt: now });
      return added;
    });
    return ownAddress(ctx, memberId, id);
  },
);

/** editAddress: changes one of the member's own addresses. */
export const editAddress = defineOperation(
  { access: viewerMember, input: AddressInput.extend({ addressId: addressIdInput }) },
  async function editAddress(ctx, { addressId, ...input }, memberId): Promise<SavedAddress> {
    const columns = columnsOf(input);
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      // The subscriptions shipping to it are locked before the address, in the order a subscription
      // choosing an address takes them (its own row, then the address), so the two never deadlock.
      const shippingHere = and(eq(subscriptions.addressId, addressId), ne(subscriptions.status, "cancelled"));
      await tx.select({ id: subscriptions.id }).from(subscriptions).where(shippingHere).orderBy(subscriptions.id).for("update");
      const [edited] = await tx
        .update(memberAddresses)
        .set({ ...columns, updatedAt: now })
        .where(and(eq(memberAddresses.id, addressId), eq(memberAddresses.memberId, memberId)))
        .returning({ id: memberAddresses.id });
      if (!edited) throw new AppError("NOT_FOUND", NO_SUCH_ADDRESS);
      // They take the change from their next box on (a renewal already being paid keeps its own copy).
      // A subscription taking this address meanwhile waits for it (shipToSavedAddress, FOR SHARE) and
      // so reads it as changed.
      await tx
        .update(subscriptions)
        .set({ shipping: sql`${subscriptions.shipping} || ${JSON.stringify(shippingOf(columns))}::jsonb`, updatedAt: now })
        .where(shippingHere);
    });
    return ownAddress(ctx, memberId, addressId);
  },
);

/** makeDefaultAddress: the address the shipping step starts with; the one before stops being the default. */
export const makeDefaultAddress = defineOperation(
  { access: viewerMember, input: AddressIdInput },
  async function makeDefaultAddress(ctx, { addressId }, memberId): Promise<SavedAddress> {
    await ctx.db.transaction(async (tx) => {
      await lockBook(tx, memberId);
      const mine = and(eq(memberAddresses.id, addressId), eq(memberAddresses.memberId, memberId));
      const [found] = await tx.select({ id: memberAddresses.id }).from(memberAddresses).where(mine);
      if (!found) throw new AppError("NOT_FOUND", NO_SUCH_ADDRESS);
      const now = ctx.now();
      await tx
        .update(memberAddresses)
        .set({ isDefault: false, updatedAt: now })
        .where(
          and(eq(memberAddresses.memberId, memberId), eq(memberAddresses.isDefault, true), ne(memberAddresses.id, addressId)),
        );
      await tx.update(memberAddresses).set({ isDefault: true, updatedAt: now }).where(mine);
    });
    return ownAddress(ctx, memberId, addressId);
  },
);

/**
 * removeAddress: takes an address out of the member's book; when it was the default, the oldest left
 * becomes the default. Refused while a subscription that is not cancelled ships to it: the member
 * chooses another address for that subscription first, so no box goes somewhere they did not pick.
 */
export const removeAddress = defineOperation(
  { access: viewerMember, input: AddressIdInput },
  async function removeAddress(ctx, { addressId }, memberId): Promise<{ removed: string }> {
    await ctx.db.transaction(async (tx) => {
      await lockBook(tx, memberId);
      await ownAddressRow(tx, memberId, addressId, "update");
      const [shipping] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.addressId, addressId),
            eq(subscriptions.memberId, memberId),
            ne(subscriptions.status, "cancelled"),
          ),
        );
      if (shipping) throw new AppError("CONFLICT", ADDRESS_IN_USE);
      const [removed] = await tx
        .delete(memberAddresses)
        .where(and(eq(memberAddresses.id, addressId), eq(memberAddresses.memberId, memberId)))
        .returning({ isDefault: memberAddresses.isDefault, label: memberAddresses.label });
      if (!removed) throw new AppError("NOT_FOUND", NO_SUCH_ADDRESS);
      if (!removed.isDefault) return;
      const [next] = await tx
        .select({ id: memberAddresses.id })
        .from(memberAddresses)
        .where(eq(memberAddresses.memberId, memberId))
        .orderBy(asc(memberAddresses.createdAt), asc(memberAddresses.id))
        .limit(1);
      if (next)
        await tx.update(memberAddresses).set({ isDefault: true, updatedAt: ctx.now() }).where(eq(memberAddresses.id, next.id));
    });
    return { removed: addressId };
  },
);
