import { type FormEvent, useState } from "react";
import { GOLD_START_DATE_MESSAGE, isGoldStartDate } from "../../../domain/loyalty/tiers/gold-start-date.ts";
import { ConfirmAction } from "./confirm-action.tsx";
import { deleteMember, resetMembership, setGoldStartDate, unlinkByEmail } from "./debug-actions.ts";
import type { DebugMember } from "./debug-member.ts";
import { Folder, INPUT, LABEL, PRIMARY_BUTTON } from "./folder.tsx";
import { deleteMemberLoss, resetLoss } from "./losses.ts";
import type { DebugTools } from "./use-debug-tools.ts";

export function MemberFolder({ tools, member }: { tools: DebugTools; member: DebugMember }) {
  const [goldDate, setGoldDate] = useState("");
  const [unlinkEmail, setUnlinkEmail] = useState(member.email);
  const { run, busy } = tools;

  function submitGoldDate(event: FormEvent) {
    event.preventDefault();
    // SPEC.md §5: the date is checked here, before anything is sent.
    if (!isGoldStartDate(goldDate)) return window.alert(GOLD_START_DATE_MESSAGE);
    void run("Set the gold start date", () => setGoldStartDate(member, goldDate));
  }
  function submitUnlink(event: FormEvent) {
    event.preventDefault();
    void run("Unlink by email", () => unlinkByEmail(unlinkEmail));
  }

  return (
    <Folder title="Member">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-semibold">Name</dt>
        <dd>{member.name}</dd>
        <dt className="font-semibold">Email</dt>
        <dd className="break-all">{member.email}</dd>
        <dt className="font-semibold">Status</dt>
        <dd>
          {member.membershipStatus}
          {member.formattedGoldStartTimestamp ? ` since ${member.formattedGoldStartTimestamp}` : ""}
        </dd>
        <dt className="font-semibold">Points</dt>
        <dd>{member.points}</dd>
      </dl>
      <details>
        <summary className="cursor-pointer font-semibold text-brand-700">The whole record (JSON fields parsed)</summary>
        <pre className="mt-1 whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs leading-snug">
          {JSON.stringify(member, null, 2)}
        </pre>
      </details>
      <ConfirmAction
        label="Reset membership"
        loss={resetLoss(member)}
        doIt="Reset the membership"
        busy={busy}
        onConfirm={() => run("Reset membership", () => resetMembership(member))}
      />
      <form onSubmit={submitGoldDate} className="space-y-1">
        <label className={LABEL} htmlFor="debug-gold-date">
          Gold start date (YYYY-MM-DD)
        </label>
        <div className="flex gap-2">
          <input id="debug-gold-date" className={INPUT} value={goldDate} onChange={(event) => setGoldDate(event.target.value)} />
          <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
            Set
          </button>
        </div>
      </form>
      <form onSubmit={submitUnlink} className="space-y-1">
        <label className={LABEL} htmlFor="debug-unlink-email">
          Unlink orders and customer record by email
        </label>
        <div className="flex gap-2">
          <input
            id="debug-unlink-email"
            type="email"
            className={INPUT}
            value={unlinkEmail}
            onChange={(event) => setUnlinkEmail(event.target.value)}
          />
          <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
            Unlink
          </button>
        </div>
      </form>
      <ConfirmAction
        label="Delete the member"
        loss={deleteMemberLoss(member)}
        doIt="Delete the member for good"
        busy={busy}
        onConfirm={() => run("Delete the member", () => deleteMember(member))}
      />
    </Folder>
  );
}
