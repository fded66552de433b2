import { Copy, UserPlus } from "lucide-react";
import { useState } from "react";

export type ReferralLinkView = { url: string; friendDiscountPercent: number; rewardText: string };

/** A member's referral link, with what a friend gets and what the member earns, and a button that copies it. */
export function ReferralLinkCard({ link }: { link: ReferralLinkView }) {
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(link.url).then(
      () => setCopied("copied"),
      () => setCopied("failed"),
    );
  return (
    <section aria-labelledby="referral-link-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="referral-link-heading" className="flex items-center gap-2 text-lg font-bold text-brand-900">
        <UserPlus aria-hidden="true" className="size-5" />
        Refer your friends
      </h2>
      <p className="mt-1 text-muted">
        {`A friend who orders for the first time through your link gets ${link.friendDiscountPercent}% off that order. ${link.rewardText}`}
      </p>
      <label htmlFor="referral-link" className="mt-4 block font-semibold">
        Your link
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id="referral-link"
          readOnly
          value={link.url}
          data-testid="referral-link"
          className="min-w-0 basis-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm sm:flex-1 sm:basis-auto"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          onClick={copy}
          className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
        >
          <Copy aria-hidden="true" className="size-4" />
          Copy link
        </button>
      </div>
      <p role="status" className="mt-2 min-h-6 text-sm font-medium text-emerald-900">
        {copied === "copied" ? "Link copied." : copied === "failed" ? "Copy the link from the box above." : ""}
      </p>
    </section>
  );
}
