import { z } from "zod";
import { ownMember } from "../../shared/access.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { programmeSchedule } from "../programme/programme.ts";
import { memberClock } from "./expiry-clocks.ts";
import { shortestExpiryMonths } from "./expiry-dates.ts";

export type PointsExpiry = {
  /** The balance: every point the member holds expires on the same date. */
  points: number;
  /** The Singapore date they expire on, YYYY-MM-DD. */
  expiresOn: string;
  expiresAt: Date;
};

const declared = { access: ownMember, input: z.object({ memberId: identifier() }) };

/** getPointsExpiry: when the viewer's points expire if they neither earn nor redeem; null when they never do or there are none. */
export const getPointsExpiry = defineOperation(
  declared,
  async function getPointsExpiry(ctx, { memberId }): Promise<PointsExpiry | null> {
    const schedule = await programmeSchedule(ctx);
    // No version of the programme has points expire: nothing to read.
    if (shortestExpiryMonths(schedule) === null) return null;
    const member = await memberClock(ctx.db, memberId, schedule);
    if (!member?.clock || member.points === 0) return null;
    return { points: member.points, expiresOn: member.clock.expiresOn, expiresAt: member.clock.expiresAt };
  },
);
