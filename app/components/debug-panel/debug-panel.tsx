import { Bug } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { AuthDetails } from "./auth-details.tsx";
import { DummyOrdersFolder } from "./dummy-orders-folder.tsx";
import { Folder } from "./folder.tsx";
import { MemberFolder } from "./member-folder.tsx";
import { PointsFolder } from "./points-folder.tsx";
import { useDebugTools } from "./use-debug-tools.ts";

const PANEL_ID = "debug-panel";

/**
 * The team's floating debug panel (debug mode only): a button in the corner that opens the four
 * folders. Escape closes it and gives the focus back to the button.
 */
export default function DebugPanel() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const tools = useDebugTools();
  const { load, member, session, status } = tools;
  // The session and member are read when the panel is first opened.
  useEffect(() => {
    if (open && session === undefined) void load();
  }, [open, session, load]);

  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", close);
    return () => document.removeEventListener("keydown", close);
  }, [open]);

  return (
    <div className="fixed bottom-3 right-3 z-40 flex max-w-[calc(100vw-1.5rem)] flex-col items-end print:hidden">
      {/* Hidden rather than removed, so the open folders stay open. */}
      <section
        id={PANEL_ID}
        hidden={!open}
        aria-label="Debug panel"
        className="mb-2 max-h-[75vh] w-[28rem] max-w-full space-y-2 overflow-y-auto rounded-lg border border-amber-300 bg-amber-50 p-3 shadow-xl"
      >
        <h2 className="text-base font-bold text-amber-900">Debug panel</h2>
        <p role="status" aria-live="polite" className="min-h-5 text-sm text-ink">
          {status}
        </p>
        {member ? (
          <>
            <MemberFolder tools={tools} member={member} />
            <PointsFolder tools={tools} member={member} />
            <DummyOrdersFolder tools={tools} member={member} />
          </>
        ) : (
          session === null && <p className="text-sm">Sign in to use the Member, Points and Dummy Orders folders.</p>
        )}
        <Folder title="Auth">
          <AuthDetails tools={tools} />
        </Folder>
      </section>
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={() => setOpen(!open)}
        className="inline-flex items-center gap-2 rounded-full bg-amber-900 px-4 py-2 text-sm font-semibold text-white shadow-lg hover:bg-amber-950"
      >
        <Bug aria-hidden="true" className="size-4" />
        Debug
      </button>
    </div>
  );
}
