import { LogOut } from "lucide-react";

/**
 * Signing out: a plain form post (works without JavaScript) carrying the session's CSRF token, so
 * only this site's own page can sign a member out. The server ends the session and lands on the
 * sign-out page, which clears the browser's own state and reloads the home page.
 */
export function SignOutButton({
  csrfToken,
  className,
  iconClassName = "size-4",
}: {
  csrfToken: string;
  className?: string;
  iconClassName?: string;
}) {
  return (
    <form method="post" action="/member/logout">
      <input type="hidden" name="csrf" value={csrfToken} />
      <button
        type="submit"
        className={
          className ??
          "inline-flex items-center gap-2 rounded-full border border-slate-300 px-5 py-2.5 font-semibold text-ink hover:bg-slate-50"
        }
      >
        <LogOut aria-hidden="true" className={iconClassName} />
        Sign out
      </button>
    </form>
  );
}
