import { Award } from "lucide-react";

/** The membership status as a badge; the word is always shown, the colour only repeats it. */
export function TierBadge({ status }: { status: "green" | "gold" }) {
  const gold = status === "gold";
  return (
    <span
      data-testid="tier-badge"
      className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold ${
        gold ? "bg-amber-100 text-amber-900 ring-1 ring-amber-300" : "bg-emerald-50 text-emerald-900 ring-1 ring-emerald-300"
      }`}
    >
      <Award aria-hidden="true" className="size-4" />
      {gold ? "Gold member" : "Green member"}
    </span>
  );
}
