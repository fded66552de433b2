import { PROGRAMME_V1_RULES } from "../../db/seed/programme.ts";
import type { Campaign } from "../../domain/loyalty/campaigns/campaign.ts";
import { programmeViewOf } from "../../domain/loyalty/programme/get-programme.ts";
import { type ProgrammeSchedule, termsOf } from "../../domain/loyalty/programme/programme.ts";
import { ProgrammeRules } from "../../domain/loyalty/programme/programme-rules.ts";
import { singaporeDateTime } from "../../kernel/singapore-time.ts";

/** Version 1 of the programme (SPEC.md §9), as every test database holds it. */
export const V1_RULES: ProgrammeRules = ProgrammeRules.parse(PROGRAMME_V1_RULES);
export const V1_TERMS = termsOf(V1_RULES);
export const V1_SCHEDULE: ProgrammeSchedule = [
  { number: 1, effectiveAt: new Date(0), rules: V1_RULES, publishedBy: "system", publishedAt: new Date(0) },
];
/** An action's points in version 1. */
export const v1Points = (id: string): number => V1_RULES.actions.find((action) => action.id === id)?.points ?? 0;
/** Version 1 as pages read it (getProgramme). */
export const V1_VIEW = programmeViewOf(V1_SCHEDULE[0] as ProgrammeSchedule[number]);

/** A campaign of double points on Luna (series m) for every member, from 28 November to 1 December 2026 (Singapore); tests change what they need. */
export const campaign = (overrides: Partial<Campaign> = {}): Campaign => ({
  id: "c1",
  name: "Luna double points",
  kind: "multiplier",
  multiplier: 2,
  bonusPoints: null,
  scope: "series",
  scopeIds: ["m"],
  audience: "all",
  startsAt: singaporeDateTime("2026-11-28T00:00") as Date,
  endsAt: singaporeDateTime("2026-12-01T00:00") as Date,
  ...overrides,
});
