import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { optOutByLink, readUnsubscribeLink, UnsubscribeInput } from "./unsubscribe-link.ts";

const declared = { access: anyone, input: UnsubscribeInput };

/**
 * An email's unsubscribe link, confirmed on its page or posted by the mail client (RFC 8058 one-click):
 * turns that kind of programme email off for the member the link was signed for, without signing in.
 * Order and refund emails are never affected.
 */
export const unsubscribe = defineOperation(declared, async function unsubscribe(ctx, { token }) {
  const link = await readUnsubscribeLink(ctx, token);
  if (!link.off) {
    await optOutByLink(ctx.db, link, ctx.now());
    ctx.log.info({ memberId: link.memberId, kind: link.kind }, "a member unsubscribed from a programme email");
  }
  return { kind: link.kind, label: link.label };
});
