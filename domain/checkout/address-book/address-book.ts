import { and, asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database, Tx } from "../../../db/client.ts";
import { memberAddresses } from "../../../db/schema/member-addresses.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { bagHolder } from "../../bag/held-bag.ts";
import { viewerMember } from "../../shared/access.ts";
import type { OperationContext } from "../../shared/context.ts";
import { defineOperation } from "../../shared/operation.ts";
import {
  AddressIdInput,
  MAX_ADDRESSES,
  NO_SUCH_ADDRESS,
  type SavedAddress,
  type StoredAddress,
  savedAddressOf,
} from "./address-input.ts";

/** A member's addresses, the default first, then the oldest first. */
export async function addressesOf(ctx: Pick<OperationContext, "db">, memberId: string): Promise<SavedAddress[]> {
  const rows = await ctx.db
    .select()
    .from(memberAddresses)
    .where(eq(memberAddresses.memberId, memberId))
    .orderBy(desc(memberAddresses.isDefault), asc(memberAddresses.createdAt), asc(memberAddresses.id));
  return rows.map(savedAddressOf);
}

/**
 * One of the member's own addresses as stored; another member's reads as none at all. Locked when
 * asked: "share" while a subscription takes it, "update" while it is removed, so those take turns.
 */
export async function ownAddressRow(
  db: Database | Tx,
  memberId: string,
  addressId: string,
  lock?: "share" | "update",
): Promise<StoredAddress> {
  const query = db
    .select()
    .from(memberAddresses)
    .where(and(eq(memberAddresses.id, addressId), eq(memberAddresses.memberId, memberId)));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw new AppError("NOT_FOUND", NO_SUCH_ADDRESS);
  return row;
}

/** One of the member's own addresses; another member's reads as none at all. */
export async function ownAddress(ctx: Pick<OperationContext, "db">, memberId: string, addressId: string): Promise<SavedAddress> {
  return savedAddressOf(await ownAddressRow(ctx.db, memberId, addressId));
}

/** listAddresses: the signed-in member's address book. */
export const listAddresses = defineOperation(
  { access: viewerMember, input: z.object({}) },
  async function listAddresses(ctx, _input, memberId) {
    return addressesOf(ctx, memberId);
  },
);

/** getAddress: one address of the signed-in member's book (NOT_FOUND for any other). */
export const getAddress = defineOperation(
  { access: viewerMember, input: AddressIdInput },
  async function getAddress(ctx, { addressId }, memberId) {
    return ownAddress(ctx, memberId, addressId);
  },
);

/** What the shipping step offers: the addresses to choose from, and whether a new one may be saved to the book. */
export type AddressChoices = { addresses: SavedAddress[]; canSave: boolean };

/** addressChoices: a signed-in member's book and, while it has room, saving a new address to it; nothing for anyone else. */
export const addressChoices = defineOperation(
  { access: bagHolder, input: z.object({}) },
  async function addressChoices(ctx): Promise<AddressChoices> {
    if (ctx.viewer.kind !== "member" || !ctx.viewer.memberId) return { addresses: [], canSave: false };
    const addresses = await addressesOf(ctx, ctx.viewer.memberId);
    return { addresses, canSave: addresses.length < MAX_ADDRESSES };
  },
);
