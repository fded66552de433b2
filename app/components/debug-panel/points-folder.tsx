import { type FormEvent, useState } from "react";
import { DEBUG_BONUS_POINTS, DEBUG_REFUND_POINTS, MAX_DEBUG_POINTS } from "../../../domain/loyalty/points/debug-defaults.ts";
import { ConfirmAction } from "./confirm-action.tsx";
import { addBonusPoints, addRefund, POINT_DELETIONS } from "./debug-actions.ts";
import type { DebugMember } from "./debug-member.ts";
import { Folder, INPUT, LABEL, PRIMARY_BUTTON } from "./folder.tsx";
import { pointsLoss } from "./losses.ts";
import type { DebugTools } from "./use-debug-tools.ts";

function PointsForm(props: { id: string; label: string; initial: number; onSubmit: (points: number) => void; busy: boolean }) {
  const [points, setPoints] = useState(String(props.initial));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(Number(points));
  };
  return (
    <form onSubmit={submit} className="space-y-1">
      <label className={LABEL} htmlFor={props.id}>
        {props.label} (points)
      </label>
      <div className="flex gap-2">
        <input
          id={props.id}
          type="number"
          min={1}
          max={MAX_DEBUG_POINTS}
          className={INPUT}
          value={points}
          onChange={(event) => setPoints(event.target.value)}
        />
        <button type="submit" className={`${PRIMARY_BUTTON} shrink-0`} disabled={props.busy}>
          {props.label}
        </button>
      </div>
    </form>
  );
}

export function PointsFolder({ tools, member }: { tools: DebugTools; member: DebugMember }) {
  const { run, busy } = tools;
  return (
    <Folder title="Points">
      <p className="text-base font-semibold" data-testid="debug-balance">
        Balance: {member.points} points
      </p>
      <PointsForm
        id="debug-bonus"
        label="Add bonus"
        initial={DEBUG_BONUS_POINTS}
        busy={busy}
        onSubmit={(points) => run("Add bonus points", () => addBonusPoints(member, points))}
      />
      <PointsForm
        id="debug-refund"
        label="Add refund"
        initial={DEBUG_REFUND_POINTS}
        busy={busy}
        onSubmit={(points) => run("Add a refund", () => addRefund(member, points))}
      />
      <div className="flex flex-wrap gap-2">
        {POINT_DELETIONS.map(({ label, group, remove }) => (
          <ConfirmAction
            key={label}
            label={label}
            loss={pointsLoss(member, group)}
            doIt="Delete them"
            busy={busy}
            onConfirm={() => run(label, () => remove(member))}
          />
        ))}
      </div>
      <h3 className="font-semibold">History (newest first)</h3>
      <ul className="space-y-1" aria-label="Point history">
        {member.pointTransactions.map((entry) => (
          <li key={entry.id} className="flex justify-between gap-2 border-b border-slate-100 pb-1">
            <span>
              {entry.activityLabel} <span className="text-muted">{entry.formattedTransactionTimestamp}</span>
            </span>
            <span className="font-semibold">
              {entry.transactionType === "debit" ? "−" : "+"}
              {entry.points}
            </span>
          </li>
        ))}
      </ul>
    </Folder>
  );
}
