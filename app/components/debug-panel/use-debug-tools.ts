import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";
import type { DebugSessionState } from "../../../domain/identity/debug-session.ts";
import { callGraphQL, DebugCallError, debugWait, readDebugSession } from "./debug-api.ts";
import { type DebugMember, MEMBER_QUERY, type MemberReply, memberOfReply } from "./debug-member.ts";

export type DebugTools = ReturnType<typeof useDebugTools>;

/**
 * What an action may answer: the member as the server left it (null: gone), what it did in words, or
 * that it has left the page (nothing to read again).
 */
export type ActionResult = { member?: DebugMember | null; said?: string; leftPage?: boolean } | undefined;

const messageOf = (error: unknown) =>
  error instanceof DebugCallError ? error.message : "The shop could not be reached. Please try again.";

/**
 * The debug tools' state: the browser's session, the member shown and what the last action did.
 * Every action waits the debug wait, replaces the member with the server's reply and then has the
 * page read its data again, so a member page behind the panel shows the change too.
 */
export function useDebugTools() {
  const revalidator = useRevalidator();
  const [session, setSession] = useState<DebugSessionState | null | undefined>(undefined);
  const [member, setMember] = useState<DebugMember | null>(null);
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const current = await readDebugSession();
      setSession(current);
      if (!current) return setMember(null);
      const reply = await callGraphQL<{ getMemberByEmailAndProviderTypeFast: MemberReply }>(MEMBER_QUERY, {
        email: current.providerEmail,
        providerType: current.provider,
      });
      setMember(memberOfReply(reply.getMemberByEmailAndProviderTypeFast));
    } catch (error) {
      setStatus(`Could not read the session: ${messageOf(error)}`);
    }
  }, []);

  const run = useCallback(
    async (label: string, action: () => Promise<ActionResult>) => {
      setBusy(true);
      setStatus(`${label}…`);
      try {
        await debugWait();
        const result = await action();
        if (result?.member !== undefined) setMember(result.member);
        setStatus(`${label}: ${result?.said ?? "done"}.`);
        if (!result?.leftPage) await revalidator.revalidate();
      } catch (error) {
        setStatus(`${label} failed: ${messageOf(error)}`);
      } finally {
        setBusy(false);
      }
    },
    [revalidator],
  );

  return { session, setSession, member, status, busy, load, run };
}
