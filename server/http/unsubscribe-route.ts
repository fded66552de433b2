import type { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { unsubscribe } from "../../domain/member-emails/unsubscribe.ts";
import { FROM_PAGE, UNSUBSCRIBE_PATH } from "../../domain/member-emails/unsubscribe-page.ts";
import { NEWSLETTER_UNSUBSCRIBE_PATH } from "../../domain/newsletter/consent.ts";
import { unsubscribeFromNewsletter } from "../../domain/newsletter/unsubscribe.ts";
import type { OperationContext } from "../../domain/shared/context.ts";
import { httpStatusOf, isAppError } from "../../kernel/app-error.ts";
import type { HttpEnv } from "./request-context.ts";

/**
 * POST /email/unsubscribe?t=TOKEN (a programme email's, decision 044) and POST
 * /newsletter/unsubscribe?t=TOKEN (the newsletter's, decision 058), mounted before the shop refuses
 * posts from other sites. RFC 8058's one-click post comes from the recipient's mail provider, with no
 * session, no CSRF token and any Origin (or none), so these addresses take it: the signed token is
 * the proof, and it can only ever stop the emails it was signed for. The pages' own buttons post here
 * too and are shown the page again (303); a mail client gets a short plain answer.
 */
export function mountUnsubscribeRoute(app: Hono<HttpEnv>): void {
  mountOneClick(app, UNSUBSCRIBE_PATH, async (operations, token) => {
    const { label } = await unsubscribe(operations, { token });
    return `Unsubscribed: you will no longer get “${label}” emails.`;
  });
  mountOneClick(app, NEWSLETTER_UNSUBSCRIBE_PATH, async (operations, token) => {
    await unsubscribeFromNewsletter(operations, { token });
    return "Unsubscribed: you will no longer get the newsletter.";
  });
}

function mountOneClick(
  app: Hono<HttpEnv>,
  path: string,
  run: (operations: OperationContext, token: string) => Promise<string>,
): void {
  app.post(path, async (c) => {
    const token = c.req.query("t") ?? "";
    const form = await c.req.parseBody();
    const fromPage = form[FROM_PAGE.name] === FROM_PAGE.value;
    c.header("Cache-Control", "no-store");
    try {
      const answer = await run(c.var.operations, token);
      if (fromPage) return c.redirect(`${path}?t=${encodeURIComponent(token)}`, 303);
      return c.text(answer, 200);
    } catch (error) {
      if (!isAppError(error)) throw error;
      if (fromPage) return c.redirect(`${path}?t=${encodeURIComponent(token)}`, 303);
      return c.text(error.message, httpStatusOf(error) as ContentfulStatusCode);
    }
  });
}
