import { EMAIL_CODE } from "./email-codes.ts";
import { escapeHtml, field, layout, TITLE } from "./interaction-page.ts";

/**
 * Where an email-code sign-in stands: asking for the email, or for the code sent to it. The screens
 * are the same whoever the address belongs to: the provider sends a code to any address.
 */
export type EmailCodeStep =
  | { step: "email"; email: string; emailError?: string; alert?: string }
  | { step: "code"; email: string; codeError?: string; alert?: string };

const SENT = (email: string) =>
  `We sent a ${EMAIL_CODE.digits}-digit code to ${email}. It works once and expires ${EMAIL_CODE.ttlMinutes} minutes after it was sent.`;

/** The email-code sign-in: the pool's own users give their email, then the code emailed to them. */
export function emailCodePage(input: { actionBase: string; nonce: string; state: EmailCodeStep }): string {
  const { actionBase, state } = input;
  const send = escapeHtml(`${actionBase}/email-code`);
  const alert = state.alert ? `<p class="alert" role="alert">${escapeHtml(state.alert)}</p>` : "";
  const cancel = `<form method="post" action="${escapeHtml(`${actionBase}/abort`)}">
      <button type="submit" class="secondary">Cancel</button>
    </form>`;
  if (state.step === "email") {
    const body = `
    <h1>Sign in with an email code</h1>
    <p>We will email you a ${EMAIL_CODE.digits}-digit code to sign in with. New here? Signing in creates your membership.</p>
    ${alert}
    <form method="post" action="${send}">
      ${field({ id: "email", label: "Email", type: "email", autocomplete: "email", maxLength: 254, value: state.email, error: state.emailError })}
      <button type="submit" class="primary">Email me a code</button>
    </form>
    ${cancel}`;
    return layout({ title: `Sign in with an email code | ${TITLE}`, nonce: input.nonce, body });
  }
  const body = `
    <h1>Enter your code</h1>
    <p class="note" role="status">${escapeHtml(SENT(state.email))}</p>
    ${alert}
    <form method="post" action="${escapeHtml(`${actionBase}/email-code/check`)}">
      ${field({
        id: "code",
        label: "Code",
        type: "text",
        autocomplete: "one-time-code",
        inputMode: "numeric",
        maxLength: EMAIL_CODE.digits,
        value: "",
        error: state.codeError,
        hint: `The ${EMAIL_CODE.digits} digits from the email.`,
      })}
      <button type="submit" class="primary">Sign in</button>
    </form>
    <form method="post" action="${send}">
      <input type="hidden" name="email" value="${escapeHtml(state.email)}">
      <button type="submit" class="secondary">Send a new code</button>
    </form>
    <p><a href="${escapeHtml(actionBase)}">Use another email</a></p>
    ${cancel}`;
  return layout({ title: `Enter your code | ${TITLE}`, nonce: input.nonce, body });
}
