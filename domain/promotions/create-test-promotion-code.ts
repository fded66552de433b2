import { randomInt } from "node:crypto";
import { z } from "zod";
import { promotionCodes } from "../../db/schema/promotion-codes.ts";
import { AppError } from "../../kernel/app-error.ts";
import { singaporeDayEnd } from "../../kernel/singapore-time.ts";
import { debugTool, signedIn } from "../shared/access.ts";
import { wholeNumber } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { MAX_PERCENT_OFF, normalizePromotionCode, type Promotion } from "./promotion.ts";

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const MAX_AMOUNT_CENTS = 100_000;

/** TEST- and six characters that cannot be misread (no 0/O, 1/I). */
export function generateTestCode(random: (max: number) => number = randomInt): string {
  return `TEST-${Array.from({ length: 6 }, () => CODE_ALPHABET[random(CODE_ALPHABET.length)]).join("")}`;
}

const blankAsMissing = (value: unknown) => (value === "" || value === null ? undefined : value);

export const CreateTestPromotionCodeInput = z
  .object({
    code: z.preprocess(
      blankAsMissing,
      z
        .string()
        .transform(normalizePromotionCode)
        .pipe(z.string().regex(/^[A-Z0-9-]{3,40}$/, { error: "must be 3-40 letters, digits or dashes" }))
        .optional(),
    ),
    // Text in, so a form's field goes straight in and a wrong word is refused by the schema.
    kind: z.string({ error: "is required" }).pipe(z.enum(["percent", "amount"], { error: "must be percent or amount" })),
    /** A percentage (1 to MAX_PERCENT_OFF) or an amount in cents. */
    value: wholeNumber(1, MAX_AMOUNT_CENTS),
    usageLimit: z.preprocess(blankAsMissing, wholeNumber(1, 1_000_000).optional()),
    /** The last day (Singapore time) the code works, YYYY-MM-DD. */
    lastDay: z.preprocess(blankAsMissing, z.iso.date({ error: "must be a date, YYYY-MM-DD" }).optional()),
  })
  .refine((input) => input.kind !== "percent" || input.value <= MAX_PERCENT_OFF, {
    error: `a percentage must be at most ${MAX_PERCENT_OFF}`,
    path: ["value"],
  });

const declared = { access: debugTool(signedIn), input: CreateTestPromotionCodeInput };

/**
 * createTestPromotionCode (debug tool): a signed-in member adds a code to the shop's promotion table,
 * usable at checkout from now on. Its code is generated unless given; a code that exists is refused.
 */
export const createTestPromotionCode = defineOperation(
  declared,
  async function createTestPromotionCode(ctx, input): Promise<Promotion> {
    const now = ctx.now();
    const endsAt = input.lastDay ? singaporeDayEnd(input.lastDay) : null;
    if (endsAt && endsAt <= now) {
      throw new AppError("BAD_USER_INPUT", "The last day must be today or later.", { lastDay: "is in the past" });
    }
    const row = {
      code: input.code ?? generateTestCode(),
      kind: input.kind,
      value: input.value,
      startsAt: now,
      endsAt,
      usageLimit: input.usageLimit ?? null,
      timesUsed: 0,
      active: true,
      minSpendCents: null,
      perCustomerLimit: null,
      excludedProductIds: [],
    };
    const [created] = await ctx.db
      .insert(promotionCodes)
      .values({ ...row, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ code: promotionCodes.code });
    if (!created) throw new AppError("CONFLICT", `The code ${row.code} exists already.`, { code: "exists already" });
    return row;
  },
);
