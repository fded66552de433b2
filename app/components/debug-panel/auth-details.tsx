import { useLocation } from "react-router";
import { csrfTokenOfPage } from "../../lib/csrf-cookie.ts";
import { loginPath } from "../../lib/member-paths.ts";
import { SignOutButton } from "../sign-out-button.tsx";
import { Countdown } from "./countdown.tsx";
import { actOnDebugSession } from "./debug-api.ts";
import { PRIMARY_BUTTON } from "./folder.tsx";
import type { DebugTools } from "./use-debug-tools.ts";

const when = (iso: string) => new Date(iso).toLocaleString("en-SG", { dateStyle: "medium", timeStyle: "medium" });

/** The browser session's state and what can be done to it: the Auth folder, and /debug/auth at full size. */
export function AuthDetails({ tools }: { tools: DebugTools }) {
  const { session, setSession, run, busy } = tools;
  const location = useLocation();
  const here = loginPath(`${location.pathname}${location.search}`);
  if (session === undefined) return <p>Reading the session…</p>;
  if (session === null) {
    return (
      <p>
        You are signed out.{" "}
        <a href={here} className="font-semibold text-brand-700 underline">
          Sign in
        </a>
      </p>
    );
  }
  const refresh = () =>
    run("Refresh the tokens", async () => {
      setSession(await actOnDebugSession("refresh"));
      return undefined;
    });
  const expire = () =>
    run("Expire the session", async () => {
      await actOnDebugSession("expire");
      window.location.assign(here);
      return { leftPage: true };
    });
  return (
    <div className="space-y-3">
      <dl className="grid gap-x-3 sm:grid-cols-[auto_1fr] sm:gap-y-1">
        <dt className="mt-1 font-semibold sm:mt-0">Signed in as</dt>
        <dd className="break-all">
          {session.member.name} ({session.member.email})
        </dd>
        <dt className="mt-1 font-semibold sm:mt-0">Provider</dt>
        <dd>{session.provider}</dd>
        <dt className="mt-1 font-semibold sm:mt-0">Access token expires</dt>
        <dd>
          <Countdown until={session.accessTokenExpiresAt} /> ({when(session.accessTokenExpiresAt)})
        </dd>
        <dt className="mt-1 font-semibold sm:mt-0">Session ends</dt>
        <dd>{when(session.sessionEndsAt)}</dd>
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={PRIMARY_BUTTON} disabled={busy} onClick={refresh}>
          Refresh tokens now
        </button>
        <button type="button" className={PRIMARY_BUTTON} disabled={busy} onClick={expire}>
          Expire session now
        </button>
        <SignOutButton csrfToken={csrfTokenOfPage()} className={`${PRIMARY_BUTTON} inline-flex items-center gap-2`} />
      </div>
    </div>
  );
}
