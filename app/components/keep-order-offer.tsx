import { Gift } from "lucide-react";
import { Link } from "react-router";
import { formatPoints } from "../../domain/loyalty/programme/programme-copy.ts";

/** What the completion page offers a guest order: its points for a member, and the way to keep them. */
export type KeepOrderOfferView =
  | { state: "open"; points: number; href: string; signedIn: boolean }
  | { state: "expired"; points: number; message: string };

export function KeepOrderOffer({ offer }: { offer: KeepOrderOfferView }) {
  return (
    <section aria-labelledby="keep-order-heading" className="rounded-xl border border-brand-200 bg-white p-4">
      <h2 id="keep-order-heading" className="flex items-center gap-2 font-bold text-brand-900">
        <Gift aria-hidden="true" className="size-5 text-brand-700" />
        This order earns <span data-testid="keep-order-points">{formatPoints(offer.points)}</span> for a member
      </h2>
      {offer.state === "open" ? (
        <>
          <p className="mt-2 text-ink">
            {offer.signedIn
              ? "Add it to your membership now: its points and spend count at once."
              : "Join or sign in now and this order goes on your membership with its points and spend, no invoice number needed."}
          </p>
          <Link
            to={offer.href}
            className="mt-3 inline-block rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            {offer.signedIn ? "Add this order to my membership" : "Join or sign in to keep these points"}
          </Link>
        </>
      ) : (
        <p className="mt-2 text-ink">{offer.message}</p>
      )}
    </section>
  );
}
