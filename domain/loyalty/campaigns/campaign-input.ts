import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";
import { seriesByCode } from "../../../kernel/series.ts";
import { singaporeDateTime } from "../../../kernel/singapore-time.ts";
import type { OperationContext } from "../../shared/context.ts";
import { identifier, optional, requiredText, wholeNumber } from "../../shared/input.ts";
import { CAMPAIGN_AUDIENCES, CAMPAIGN_KINDS, CAMPAIGN_SCOPES, type CampaignTerms } from "./campaign.ts";

/** Far above any sensible campaign; keeps the numbers ones a person means. */
export const MAX_MULTIPLIER = 10;
export const MAX_BONUS_POINTS = 100_000;

/** A Singapore date and time to the minute, as a datetime-local field sends it. */
const singaporeTime = () =>
  z
    .string({ error: "is required" })
    .trim()
    .refine((value) => singaporeDateTime(value) !== null, {
      error: "must be a Singapore date and time (YYYY-MM-DDTHH:MM)",
    });

const multiplier = z.coerce
  .number({ error: "must be a number" })
  .min(1.01, { error: "must be more than 1 (2 doubles the points)" })
  .max(MAX_MULTIPLIER, { error: `must be at most ${MAX_MULTIPLIER}` })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, { error: "must have at most two decimals" });

const termsShape = {
  kind: z.enum(CAMPAIGN_KINDS, { error: "must be a points multiplier or a fixed bonus" }),
  /** For a multiplier campaign: the in-scope points times this in all. */
  multiplier: optional(multiplier, { emptyIsAbsent: true }),
  /** For a fixed campaign: the points once per order with an in-scope line. */
  bonusPoints: optional(wholeNumber(1, MAX_BONUS_POINTS), { emptyIsAbsent: true }),
  scope: z.enum(CAMPAIGN_SCOPES, { error: "must be every order, a series or chosen products" }),
  /** Series codes (m, v, j, l) or product ids; none for every order. */
  scopeIds: z.array(identifier(64)).max(100, { error: "must name at most 100" }).default([]),
  audience: z.enum(CAMPAIGN_AUDIENCES, { error: "must be all members, green or gold" }),
};

type TermsFields = {
  kind: CampaignTerms["kind"];
  multiplier?: number | undefined;
  bonusPoints?: number | undefined;
  scope: CampaignTerms["scope"];
  scopeIds: string[];
};

function checkTerms(input: TermsFields, ctx: z.RefinementCtx): void {
  if (input.kind === "multiplier" && input.multiplier === undefined) {
    ctx.addIssue({ code: "custom", path: ["multiplier"], message: "is required for a points multiplier" });
  }
  if (input.kind === "fixed" && input.bonusPoints === undefined) {
    ctx.addIssue({ code: "custom", path: ["bonusPoints"], message: "is required for a fixed bonus" });
  }
  if (input.scope !== "all" && input.scopeIds.length === 0) {
    const what = input.scope === "series" ? "series" : "product";
    ctx.addIssue({ code: "custom", path: ["scopeIds"], message: `must name at least one ${what}` });
  }
}

/** What a campaign gives, to what and whom; what the cost preview reads. */
export const CampaignTermsInput = z.object(termsShape).superRefine(checkTerms);

export const CreateCampaignInput = z
  .object({
    name: requiredText(80),
    ...termsShape,
    /** When it starts, Singapore time; now when left blank. */
    startsAt: optional(singaporeTime(), { emptyIsAbsent: true }),
    /** When it ends (that minute is no longer in it), Singapore time. */
    endsAt: singaporeTime(),
  })
  .superRefine(checkTerms);

export const EditCampaignInput = z.object({
  id: identifier(64),
  name: requiredText(80),
  endsAt: singaporeTime(),
});

export const CampaignRefInput = z.object({ id: identifier(64) });

/** A time the schema has checked, as the instant it names. */
export const instantOf = (text: string): Date => singaporeDateTime(text) as Date;

/**
 * The terms as stored: only the amount the kind uses, the ids once each (none for every order), each
 * id checked against the catalogue (a series code, or a product on sale or not).
 */
export async function checkedTerms(
  ctx: OperationContext,
  input: TermsFields & Pick<CampaignTerms, "audience">,
): Promise<CampaignTerms> {
  const scopeIds = input.scope === "all" ? [] : [...new Set(input.scopeIds)];
  const catalogue = await ctx.catalog.index();
  const unknown = scopeIds.filter((id) =>
    input.scope === "series" ? !seriesByCode(id) : !catalogue.product(id, { includeInactive: true }),
  );
  if (unknown.length > 0) {
    const problem = input.scope === "series" ? "names a series that does not exist" : "names a product that does not exist";
    throw new AppError("BAD_USER_INPUT", `scopeIds ${problem}: ${unknown.slice(0, 3).join(", ")}`, { scopeIds: problem });
  }
  return {
    kind: input.kind,
    multiplier: input.kind === "multiplier" ? (input.multiplier ?? null) : null,
    bonusPoints: input.kind === "fixed" ? (input.bonusPoints ?? null) : null,
    scope: input.scope,
    scopeIds,
    audience: input.audience,
  };
}
