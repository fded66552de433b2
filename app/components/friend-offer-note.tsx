import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { FRIEND_OFFER_COOKIE, friendOfferIn, friendOfferMessage } from "../lib/friend-offer.ts";

/** The percent a referral link left for this page, if any; the cookie goes at once, so the note shows once. */
function takeFriendOffer(): number | null {
  const percent = friendOfferIn(document.cookie);
  if (percent === null) return null;
  // biome-ignore lint/suspicious/noDocumentCookie: Safari before 18.4 has no Cookie Store API; the value is fixed, nothing to escape.
  document.cookie = `${FRIEND_OFFER_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`;
  return percent;
}

/**
 * The region is in the page before its words, so screen readers announce them; the words follow
 * in the next render. Until then it has no height, so their arrival is no layout shift.
 */
function Note({ percent, onDismiss }: { percent: number; onDismiss: () => void }) {
  const [worded, setWorded] = useState(false);
  useEffect(() => setWorded(true), []);
  return (
    <div className="pointer-events-none fixed inset-x-3 bottom-3 z-30 flex justify-center print:hidden">
      <div role="status" className="pointer-events-auto w-full max-w-3xl">
        {worded && (
          <div className="flex items-start gap-3 rounded-lg border border-brand-100 bg-white py-3 pr-2 pl-4 text-ink shadow-lg">
            <p className="flex-1 text-sm sm:text-base" data-testid="friend-offer-note">
              {friendOfferMessage(percent)}
            </p>
            <button
              type="button"
              onClick={onDismiss}
              className="-my-1 flex shrink-0 items-center gap-1 rounded-full px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              <X aria-hidden="true" className="size-4" />
              Dismiss
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * Greets a friend who arrived through a member's referral link (`friend-offer.ts`), on the page they
 * land on, once the page has hydrated: fixed at the bottom of the viewport, so nothing on the page
 * moves. It stays until dismissed or until the visitor goes to another page. Ordinary visitors carry
 * no such cookie and get nothing.
 */
export function FriendOfferNote() {
  const { pathname } = useLocation();
  const [note, setNote] = useState<{ percent: number; pathname: string } | null>(null);
  useEffect(() => {
    const percent = takeFriendOffer();
    setNote(percent === null ? null : { percent, pathname });
  }, [pathname]);
  if (note?.pathname !== pathname) return null;
  return <Note percent={note.percent} onDismiss={() => setNote(null)} />;
}
