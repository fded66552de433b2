import { CircleUserRound, Gift, LogOut, Package, Repeat, UserCog } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { csrfTokenOfPage } from "../lib/csrf-cookie.ts";
import { MEMBER_PLACES, SIGN_OUT_PATH } from "../lib/member-paths.ts";
import { SignOutButton } from "./sign-out-button.tsx";

const PLACES = [
  { ...MEMBER_PLACES.home, Icon: CircleUserRound },
  { ...MEMBER_PLACES.earnPoints, Icon: Gift },
  { ...MEMBER_PLACES.orders, Icon: Package },
  { ...MEMBER_PLACES.subscriptions, Icon: Repeat },
  { ...MEMBER_PLACES.settings, Icon: UserCog },
];

const itemClass =
  "flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left font-medium text-ink hover:bg-brand-50 focus-visible:bg-brand-50";

/**
 * Sign-out posts the session's CSRF token, which scripts read from its own cookie; a browser without
 * that cookie yet goes to the sign-out page, which asks with the same form.
 */
function SignOutItem() {
  const csrfToken = csrfTokenOfPage();
  if (!csrfToken) {
    return (
      <Link to={SIGN_OUT_PATH} className={itemClass}>
        <LogOut aria-hidden="true" className="size-5" />
        Sign out
      </Link>
    );
  }
  return <SignOutButton csrfToken={csrfToken} className={itemClass} iconClassName="size-5" />;
}

/**
 * The header's Account for a signed-in member once scripts run: a disclosure button opening the
 * member's places and sign-out. Escape closes it and gives the focus back to the button; so does a
 * click or the focus going elsewhere. The list follows the button, so Tab walks into it. Without
 * scripts the header keeps a plain link to the member page, which offers the same places.
 */
export function AccountMenu({ buttonClass, children }: { buttonClass: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    // Only a focus that lands outside closes it: some browsers focus nothing when a link is pressed.
    const closeWhenFocusLeaves = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !root.current?.contains(next)) setOpen(false);
    };
    const container = root.current;
    document.addEventListener("keydown", closeOnEscape);
    document.addEventListener("pointerdown", closeOnOutsidePress);
    container?.addEventListener("focusout", closeWhenFocusLeaves);
    return () => {
      document.removeEventListener("keydown", closeOnEscape);
      document.removeEventListener("pointerdown", closeOnOutsidePress);
      container?.removeEventListener("focusout", closeWhenFocusLeaves);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        className={buttonClass}
      >
        {children}
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-2xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        <ul aria-label="Your account">
          {PLACES.map(({ href, title, Icon }) => (
            <li key={href}>
              <Link to={href} className={itemClass} onClick={() => setOpen(false)}>
                <Icon aria-hidden="true" className="size-5" />
                {title}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-t border-slate-200 pt-1">
            <SignOutItem />
          </li>
        </ul>
      </div>
    </div>
  );
}
