import { useEffect, useState } from "react";

const TICK_MS = 1000;

function remaining(until: number, now: number): string {
  const seconds = Math.max(0, Math.floor((until - now) / 1000));
  if (seconds === 0) return "expired";
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `in ${minutes} min ${seconds % 60} s` : `in ${seconds} s`;
}

/** A live countdown to an instant, ticking every second (not announced: the status line says what changed). */
export function Countdown({ until }: { until: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return <time dateTime={until}>{remaining(Date.parse(until), now)}</time>;
}
