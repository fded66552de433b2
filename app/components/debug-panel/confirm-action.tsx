import { useEffect, useId, useRef, useState } from "react";
import { DANGER_BUTTON } from "./folder.tsx";

/**
 * A debug action that cannot be undone: its button only asks. The question names what will be lost;
 * only its own button does it. Asking puts the focus on "Cancel", the safe answer, described by
 * the question; either answer puts it back on the button that asked, when it is still there.
 */
export function ConfirmAction({
  label,
  loss,
  doIt,
  busy,
  onConfirm,
}: {
  label: string;
  loss: string;
  /** The confirming button's words, e.g. "Delete the member for good". */
  doIt: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  const ask = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const hasAsked = useRef(false);

  useEffect(() => {
    if (asking) {
      hasAsked.current = true;
      cancel.current?.focus();
    } else if (hasAsked.current) ask.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <button ref={ask} type="button" className={DANGER_BUTTON} disabled={busy} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div className="w-full space-y-2 rounded-md border border-red-300 bg-red-50 p-2" data-testid="debug-confirm">
      <p id={questionId} className="text-sm text-red-950">
        <strong>{label}?</strong> {loss} This cannot be undone.
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={`${DANGER_BUTTON} bg-white`}
          aria-describedby={questionId}
          disabled={busy}
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          {doIt}
        </button>
        <button
          ref={cancel}
          type="button"
          className="rounded-full border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-ink hover:bg-slate-50"
          aria-describedby={questionId}
          onClick={() => setAsking(false)}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
