import {
  AtSign,
  BadgeCheck,
  Camera,
  CircleCheck,
  ExternalLink,
  Gift,
  type LucideIcon,
  Music,
  Star,
  ThumbsUp,
  UserPlus,
} from "lucide-react";
import { Form, Link } from "react-router";
import { formatNumber } from "../../kernel/number-format.ts";

/** The icons the earn actions name (domain/loyalty/programme/earn-actions.ts); an unknown name shows a gift. */
const ICONS: Record<string, LucideIcon> = {
  "at-sign": AtSign,
  "badge-check": BadgeCheck,
  camera: Camera,
  music: Music,
  star: Star,
  "thumbs-up": ThumbsUp,
  "user-plus": UserPlus,
};

/** The brand's page on the social network an action names. */
export type BrandPage = { url: string; network: string };

export type EarnActionItem = {
  id: string;
  icon: string;
  title: string;
  description: string;
  points: number;
  state: "open" | "done" | "coming-soon" | "automatic" | "elsewhere";
  brandPage?: BrandPage;
  earnedThrough?: { explanation: string; path: string | null; label: string | null };
};

/** A link to the brand's page, in a new tab that cannot reach back into the shop. */
export function BrandPageLink({ page, verb }: { page: BrandPage; verb: "Open" | "Visit" }) {
  return (
    <a
      href={page.url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-semibold text-brand-700 underline hover:text-brand-900"
    >
      {`${verb} our ${page.network}`}
      <ExternalLink aria-hidden="true" className="size-4" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export function EarnActionCard({ action, busy }: { action: EarnActionItem; busy: boolean }) {
  const Icon = ICONS[action.icon] ?? Gift;
  const done = action.state === "done";
  return (
    <li
      data-testid={`earn-${action.id}`}
      className={`flex flex-col gap-4 rounded-2xl border p-5 sm:flex-row sm:items-center ${
        done ? "border-emerald-200 bg-emerald-50/60" : "border-slate-200 bg-white"
      }`}
    >
      <span
        aria-hidden="true"
        className={`flex size-12 shrink-0 items-center justify-center rounded-full ${
          done ? "bg-emerald-100 text-emerald-800" : "bg-brand-50 text-brand-700"
        }`}
      >
        <Icon className="size-6" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-bold text-brand-900">{action.title}</h2>
        <p className="mt-1 text-sm text-muted">{action.description}</p>
        <p className="mt-1 text-sm font-semibold text-brand-700">+{formatNumber(action.points)} points</p>
      </div>
      <div className="shrink-0">
        <ActionControl action={action} busy={busy} />
      </div>
    </li>
  );
}

function ActionControl({ action, busy }: { action: EarnActionItem; busy: boolean }) {
  if (action.state === "done" || action.state === "automatic") {
    return (
      <div className="flex flex-col gap-1 sm:items-end">
        <p className="inline-flex items-center gap-1 font-semibold text-emerald-800">
          <CircleCheck aria-hidden="true" className="size-5" />
          {action.state === "automatic" ? "Earned when you joined" : "Done"}
        </p>
        {action.brandPage && <BrandPageLink page={action.brandPage} verb="Visit" />}
      </div>
    );
  }
  if (action.state === "coming-soon") {
    return (
      <button
        type="button"
        disabled
        aria-label={`Coming Soon: ${action.title}`}
        className="w-full cursor-not-allowed rounded-full border border-slate-300 bg-slate-100 px-5 py-2.5 font-semibold text-slate-700 sm:w-auto"
      >
        Coming Soon
      </button>
    );
  }
  if (action.state === "elsewhere" && action.earnedThrough) {
    const { explanation, path, label } = action.earnedThrough;
    return (
      <div className="flex flex-col gap-1 sm:max-w-56 sm:items-end sm:text-right">
        {path && label ? (
          <Link
            to={path}
            className="w-full rounded-full bg-brand-700 px-5 py-2.5 text-center font-semibold text-white hover:bg-brand-800 sm:w-auto"
          >
            {label}
          </Link>
        ) : null}
        <p className="text-xs text-muted">{explanation}</p>
      </div>
    );
  }
  const page = action.brandPage;
  const hintId = `earn-${action.id}-opens`;
  return (
    <Form method="post" className="flex flex-col gap-1 sm:items-end">
      <input type="hidden" name="activity" value={action.id} />
      <button
        type="submit"
        disabled={busy}
        aria-label={`Earn ${action.points} points for ${action.title}`}
        aria-describedby={page ? hintId : undefined}
        // The claim posts in this tab; the brand page opens beside it while the click still counts as the member's.
        onClick={page ? () => window.open(page.url, "_blank", "noopener,noreferrer") : undefined}
        className="w-full rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70 sm:w-auto"
      >
        {`Earn ${action.points} points`}
      </button>
      {page && (
        <p id={hintId} className="text-xs text-muted">
          {`Opens our ${page.network} page in a new tab`}
        </p>
      )}
    </Form>
  );
}
