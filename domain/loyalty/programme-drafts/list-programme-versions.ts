import { z } from "zod";
import { staffHolding } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { diffRules, type RuleChange } from "../programme/programme-diff.ts";
import type { ProgrammeRules } from "../programme/programme-rules.ts";
import { latestPublished, versionRows } from "./programme-version-rows.ts";

/** in force: the version members are under now; superseded: one a later version followed; scheduled: one yet to take effect. */
export type VersionState = "draft" | "scheduled" | "in force" | "superseded";

export type ProgrammeVersionEntry = {
  number: number;
  state: VersionState;
  rules: ProgrammeRules;
  effectiveAt: Date | null;
  createdBy: string;
  publishedBy: string | null;
  publishedAt: Date | null;
  /** For "rejudge": when every member was judged again; null until then. */
  tiersJudgedAt: Date | null;
  /** What it changed from the version it followed (a draft: from the one it will follow). */
  follows: number | null;
  changes: RuleChange[];
};

const declared = { access: staffHolding("programme"), input: z.object({}) };

/** listProgrammeVersions: every version, newest first, each with what it changed; for staff with "programme". */
export const listProgrammeVersions = defineOperation(declared, async function listProgrammeVersions(ctx): Promise<
  ProgrammeVersionEntry[]
> {
  const now = ctx.now();
  const rows = await versionRows(ctx.db);
  // Published versions in the order they take effect (the history is one line), the draft after them.
  const published = rows
    .filter((row) => row.state === "published")
    .sort((a, b) => (a.effectiveAt as Date).getTime() - (b.effectiveAt as Date).getTime() || a.number - b.number);
  const inForce = published.filter((row) => (row.effectiveAt as Date) <= now).at(-1);
  const draft = rows.find((row) => row.state === "draft");
  const line = draft ? [...published, draft] : published;
  const entries = line.map((row, index): ProgrammeVersionEntry => {
    const previous = row.state === "draft" ? latestPublished(rows) : published[index - 1];
    const state: VersionState =
      row.state === "draft"
        ? "draft"
        : row === inForce
          ? "in force"
          : (row.effectiveAt as Date) > now
            ? "scheduled"
            : "superseded";
    return {
      number: row.number,
      state,
      rules: row.rules,
      effectiveAt: row.effectiveAt,
      createdBy: row.createdBy,
      publishedBy: row.publishedBy,
      publishedAt: row.publishedAt,
      tiersJudgedAt: row.tiersJudgedAt,
      follows: previous?.number ?? null,
      changes: previous ? diffRules(previous.rules, row.rules) : [],
    };
  });
  return entries.reverse();
});
