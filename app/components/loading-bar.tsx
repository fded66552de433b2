import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";

export const LOADING_BAR_TIMINGS = { throttleMs: 200, durationMs: 2000, hideMs: 500, resetMs: 400 } as const;

type Phase = "idle" | "loading" | "finishing" | "hiding";

/** A thin bar at the top while a navigation takes longer than the throttle; announced politely to screen readers. */
export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [phase, setPhase] = useState<Phase>("idle");
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    const later = (ms: number, next: Phase) => timers.current.push(setTimeout(() => setPhase(next), ms));
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
    if (busy) {
      later(LOADING_BAR_TIMINGS.throttleMs, "loading");
    } else {
      setPhase((current) => (current === "loading" ? "finishing" : "idle"));
      later(LOADING_BAR_TIMINGS.hideMs, "hiding");
      later(LOADING_BAR_TIMINGS.hideMs + LOADING_BAR_TIMINGS.resetMs, "idle");
    }
    return () => {
      for (const timer of timers.current) clearTimeout(timer);
    };
  }, [busy]);

  const visible = phase === "loading" || phase === "finishing";
  const width = phase === "loading" ? "90%" : phase === "idle" ? "0%" : "100%";
  return (
    <>
      <div
        role="progressbar"
        aria-label="Page loading"
        aria-hidden={!visible}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={phase === "loading" ? undefined : visible ? 100 : 0}
        className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1"
      >
        <div
          className="loading-bar h-full bg-brand-600"
          style={{ width, opacity: visible ? 1 : 0, transitionDuration: phase === "idle" ? "0ms" : undefined }}
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {phase === "loading" ? "Loading page" : phase === "finishing" ? "Page loaded" : ""}
      </p>
    </>
  );
}
