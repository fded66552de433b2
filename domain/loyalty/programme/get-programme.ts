import { z } from "zod";
import { anyone } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { builtInAction, type EarnAction, visibleEarnActions } from "./earn-actions.ts";
import { currentProgramme, type ProgrammeTerms, type ProgrammeVersion, termsOf } from "./programme.ts";
import type { SubscriptionRule } from "./programme-rules.ts";

/** The programme in force as members and visitors read it. */
export type ProgrammeView = {
  version: number;
  effectiveAt: Date;
  terms: ProgrammeTerms;
  signUpPoints: number;
  reviewPoints: number;
  /** The earn actions the earn page lists (those not hidden), in order. */
  actions: EarnAction[];
  /** Every action's points by id, hidden ones included. */
  actionPoints: Record<string, number>;
  /** What subscription renewals earn beyond any order. */
  subscriptions: SubscriptionRule;
};

const declared = { access: anyone, input: z.object({}) };

/** getProgramme: the version in force now, its numbers and its visible earn actions. */
export const getProgramme = defineOperation(declared, async function getProgramme(ctx): Promise<ProgrammeView> {
  return programmeViewOf(await currentProgramme(ctx));
});

export function programmeViewOf({ number, effectiveAt, rules }: ProgrammeVersion): ProgrammeView {
  return {
    version: number,
    effectiveAt,
    terms: termsOf(rules),
    signUpPoints: builtInAction(rules, "signUp").points,
    reviewPoints: builtInAction(rules, "review").points,
    actions: visibleEarnActions(rules),
    actionPoints: Object.fromEntries(rules.actions.map((action) => [action.id, action.points])),
    subscriptions: rules.subscriptions,
  };
}
