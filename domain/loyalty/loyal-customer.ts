import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { loyalCustomers } from "../../db/schema/loyalty.ts";
import { members } from "../../db/schema/members.ts";
import { AppError } from "../../kernel/app-error.ts";
import { toCents } from "../../kernel/money.ts";
import { debugTool, viewerMember } from "../shared/access.ts";
import { defineOperation, parseInput } from "../shared/operation.ts";
import { emailInput } from "./email-input.ts";
import { metaInput } from "./meta-input.ts";

/** The debug panel's starting lifetime value (SPEC.md §9: initial ltv 1000), S$1,000. */
export const DEBUG_INITIAL_LTV_CENTS = 100_000;

export type LoyalCustomerView = { id: string; email: string; name: string; meta: Record<string, unknown>; ltvCents: number };

function optionalName(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || value.trim().length === 0 || value.length > 200) {
    throw new AppError("BAD_USER_INPUT", "name must be a text of 1 to 200 characters.");
  }
  return value.trim();
}

function optionalLtvCents(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > 10_000_000) {
    throw new AppError("BAD_USER_INPUT", "ltv must be an amount in S$ from 0 to 10000000.");
  }
  return toCents(value);
}

export const LoyalCustomerInput = z.object({
  /** email (one of the member's own), name, ltv in S$. */
  meta: metaInput,
});

const declared = { name: "createOrUpdateLoyalCustomer", access: debugTool(viewerMember), input: LoyalCustomerInput };

/**
 * createOrUpdateLoyalCustomer (debug tool): creates or updates the loyal customer record (the
 * merchant's lifetime value) of one of the viewer's own email addresses, from meta {email, name, ltv
 * in S$}. A new record starts at the debug default ltv and the member's name; an update changes only
 * what meta gives. The whole meta is kept with the record.
 */
export const createOrUpdateLoyalCustomer = defineOperation(declared, async (ctx, input, memberId): Promise<LoyalCustomerView> => {
  const { meta } = input;
  const email = parseInput(emailInput, meta.email);
  const name = optionalName(meta.name);
  const ltvCents = optionalLtvCents(meta.ltv);
  const [member] = await ctx.db
    .select({ name: members.name, email: members.email, googleEmail: members.googleEmail, facebookEmail: members.facebookEmail })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) throw new AppError("NOT_FOUND", "This member does not exist.");
  const own = [member.email, member.googleEmail, member.facebookEmail].map((address) => address?.toLowerCase());
  if (!own.includes(email)) {
    throw new AppError("FORBIDDEN", "You can only set the loyal customer record of your own email address.");
  }
  const at = ctx.now();
  const [row] = await ctx.db
    .insert(loyalCustomers)
    .values({
      id: randomUUID(),
      email,
      name: name ?? (member.name || email),
      meta,
      ltvCents: ltvCents ?? DEBUG_INITIAL_LTV_CENTS,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: loyalCustomers.email,
      set: { meta, updatedAt: at, ...(name === undefined ? {} : { name }), ...(ltvCents === undefined ? {} : { ltvCents }) },
    })
    .returning();
  if (!row) throw new Error("loyal customer upsert returned no row");
  return { id: row.id, email: row.email, name: row.name, meta: row.meta, ltvCents: row.ltvCents };
});
