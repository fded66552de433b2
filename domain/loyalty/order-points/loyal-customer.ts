import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { loyalCustomers } from "../../../db/schema/loyal-customers.ts";
import { members } from "../../../db/schema/members.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { toCents } from "../../../kernel/money.ts";
import { emailInput } from "../../members/email-input.ts";
import { debugTool, viewerMember } from "../../shared/access.ts";
import { optional } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { metaInput } from "../points/meta-input.ts";

/** The debug panel's starting lifetime value (SPEC.md §9: initial ltv 1000), S$1,000. */
export const DEBUG_INITIAL_LTV_CENTS = 100_000;

export type LoyalCustomerView = { id: string; email: string; name: string; meta: Record<string, unknown>; ltvCents: number };

const MAX_NAME_LENGTH = 200;
const MAX_LTV = 10_000_000;
const NAME = `name must be a text of 1 to ${MAX_NAME_LENGTH} characters.`;
const LTV = `ltv must be an amount in S$ from 0 to ${MAX_LTV}.`;

/** createOrUpdateLoyalCustomer's meta: email (one of the member's own), name, ltv in S$. */
export const LoyalCustomerMeta = z.object({
  email: emailInput,
  name: optional(
    z
      .string({ error: NAME })
      .max(MAX_NAME_LENGTH, { error: NAME })
      .refine((value) => value.trim() !== "", { error: NAME })
      .transform((value) => value.trim()),
  ),
  ltv: optional(z.number({ error: LTV }).min(0, { error: LTV }).max(MAX_LTV, { error: LTV })),
});

/** The record keeps meta as it was sent; its fields are read from it by LoyalCustomerMeta. */
export const LoyalCustomerInput = z
  .object({ meta: metaInput })
  .transform(({ meta }) => ({ meta, sentMeta: meta }))
  .pipe(z.object({ meta: LoyalCustomerMeta, sentMeta: z.record(z.string(), z.unknown()) }));

const declared = { access: debugTool(viewerMember), input: LoyalCustomerInput };

/**
 * createOrUpdateLoyalCustomer (debug tool): creates or updates the loyal customer record (the
 * merchant's lifetime value) of one of the viewer's own email addresses, from meta {email, name, ltv
 * in S$}. A new record starts at the debug default ltv and the member's name; an update changes only
 * what meta gives. The whole meta is kept with the record.
 */
export const createOrUpdateLoyalCustomer = defineOperation(
  declared,
  async function createOrUpdateLoyalCustomer(ctx, input, memberId): Promise<LoyalCustomerView> {
    const { email, name, ltv } = input.meta;
    const meta = input.sentMeta;
    const ltvCents = ltv === undefined ? undefined : toCents(ltv);
    const [member] = await ctx.db
      .select({
        name: members.name,
        email: members.email,
        googleEmail: members.googleEmail,
        facebookEmail: members.facebookEmail,
        codeEmail: members.codeEmail,
      })
      .from(members)
      .where(eq(members.id, memberId));
    if (!member) throw new AppError("NOT_FOUND", "This member does not exist.");
    const own = [member.email, member.googleEmail, member.facebookEmail, member.codeEmail].map((address) =>
      address?.toLowerCase(),
    );
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
  },
);
