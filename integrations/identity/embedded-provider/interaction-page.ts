import type { SocialProviderType } from "../../../kernel/identity.ts";
import { PROVIDER_NAMES } from "./accounts.ts";

export type SignInValues = { provider: SocialProviderType; email: string; name: string };
export type SignInErrors = { email?: string; name?: string; form?: string };

/** The back office's test owner (OWNER_EMAILS' default with this provider). */
export const TEST_OWNER: SignInValues = { name: "Shop Owner", provider: "google", email: "owner@nectarlab.test" };

/** Identities a tester can sign in with in one click. */
export const READY_IDENTITIES: SignInValues[] = [
  { name: "Tan Mei Ling", provider: "google", email: "mei.ling@example.com" },
  { name: "Arjun Nair", provider: "facebook", email: "arjun@example.com" },
  { name: "Siti Rahman", provider: "google", email: "siti@example.com" },
  TEST_OWNER,
];

export const TITLE = "Test identity provider";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The sign-in page: choose Google or Facebook, give an email and a name, or pick a ready identity. */
export function signInPage(input: { actionBase: string; nonce: string; values: SignInValues; errors?: SignInErrors }): string {
  const { actionBase, values } = input;
  const errors = input.errors ?? {};
  const login = escapeHtml(`${actionBase}/login`);
  const radio = (provider: SocialProviderType) =>
    `<label class="choice"><input type="radio" name="provider" value="${provider}"${values.provider === provider ? " checked" : ""}> ${PROVIDER_NAMES[provider]}</label>`;
  const ready = READY_IDENTITIES.map(
    (identity) => `<li><form method="post" action="${login}">
      <input type="hidden" name="provider" value="${identity.provider}">
      <input type="hidden" name="email" value="${escapeHtml(identity.email)}">
      <input type="hidden" name="name" value="${escapeHtml(identity.name)}">
      <button type="submit" class="identity">${escapeHtml(`${identity.name} · ${PROVIDER_NAMES[identity.provider]} · ${identity.email}`)}</button>
    </form></li>`,
  ).join("\n");
  const body = `
    <h1>Sign in</h1>
    <p>This is the shop's embedded test identity provider. It stands in for Google and Facebook: no real
    Google or Facebook account is contacted and no password is needed. Any email and name will do.</p>
    ${errors.form ? `<p class="alert" role="alert">${escapeHtml(errors.form)}</p>` : ""}
    <section aria-labelledby="ready-heading">
      <h2 id="ready-heading">Ready test identities</h2>
      <ul class="identities">${ready}</ul>
    </section>
    <section aria-labelledby="own-heading">
      <h2 id="own-heading">Or sign in as someone else</h2>
      <form method="post" action="${login}">
        <fieldset>
          <legend>Sign in with</legend>
          ${radio("google")}
          ${radio("facebook")}
        </fieldset>
        ${field({ id: "email", label: "Email", type: "email", autocomplete: "email", maxLength: 254, value: values.email, error: errors.email })}
        ${field({ id: "name", label: "Name", type: "text", autocomplete: "name", maxLength: 80, value: values.name, error: errors.name })}
        <button type="submit" class="primary">Continue</button>
      </form>
    </section>
    <form method="post" action="${escapeHtml(`${actionBase}/abort`)}">
      <button type="submit" class="secondary">Cancel</button>
    </form>`;
  return layout({ title: `Sign in | ${TITLE}`, nonce: input.nonce, body });
}

/** A short page with a message, e.g. when the sign-in has expired. */
export function messagePage(input: { nonce?: string; heading: string; message: string }): string {
  const body = `<h1>${escapeHtml(input.heading)}</h1><p>${escapeHtml(input.message)}</p><p><a href="/">Back to the shop</a></p>`;
  return layout({ title: `${input.heading} | ${TITLE}`, nonce: input.nonce, body });
}

export function field(input: {
  id: string;
  label: string;
  type: string;
  autocomplete: string;
  maxLength: number;
  value: string;
  error: string | undefined;
  /** A hint shown under the label (read with the field). */
  hint?: string;
  inputMode?: "numeric";
}): string {
  const errorId = `${input.id}-error`;
  const hintId = `${input.id}-hint`;
  const describedBy = [input.hint ? hintId : "", input.error ? errorId : ""].filter(Boolean).join(" ");
  const invalid = input.error ? ` aria-invalid="true"` : "";
  const described = describedBy ? ` aria-describedby="${describedBy}"` : "";
  const inputMode = input.inputMode ? ` inputmode="${input.inputMode}"` : "";
  return `<div class="field">
    <label for="${input.id}">${input.label}</label>
    ${input.hint ? `<p id="${hintId}" class="hint">${escapeHtml(input.hint)}</p>` : ""}
    <input id="${input.id}" name="${input.id}" type="${input.type}" autocomplete="${input.autocomplete}"${inputMode} required maxlength="${input.maxLength}" value="${escapeHtml(input.value)}"${invalid}${described}>
    ${input.error ? `<p id="${errorId}" class="field-error">${escapeHtml(input.error)}</p>` : ""}
  </div>`;
}

export function layout(input: { title: string; nonce: string | undefined; body: string }): string {
  const nonce = input.nonce ? ` nonce="${escapeHtml(input.nonce)}"` : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(input.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style${nonce}>${STYLES}</style>
</head>
<body>
<main>
<p class="badge">${TITLE}</p>
${input.body}
</main>
</body>
</html>`;
}

// Colours keep at least 4.5:1 against their backgrounds; focus is always visible.
const STYLES = `
*{box-sizing:border-box}
body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f4f5f7}
main{max-width:30rem;margin:0 auto;padding:1.5rem 1rem 3rem;overflow-wrap:anywhere}
h1{font-size:1.75rem;margin:.25rem 0 .5rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.badge{display:inline-block;margin:0;padding:.125rem .5rem;border-radius:999px;background:#fff3c4;color:#5c4400;font-size:.875rem;font-weight:600}
.alert{padding:.75rem;border-radius:.5rem;background:#fdecec;color:#8a1111;border:1px solid #8a1111}
ul.identities{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
fieldset{border:1px solid #6b7280;border-radius:.5rem;padding:.5rem .75rem .75rem;margin:0 0 1rem}
legend{padding:0 .25rem;font-weight:600}
.choice{display:inline-flex;align-items:center;gap:.375rem;margin-right:1.25rem;min-height:2.75rem}
.choice input{width:1.25rem;height:1.25rem;margin:0}
.field{margin-bottom:1rem}
.field label{display:block;font-weight:600;margin-bottom:.25rem}
input[type=email],input[type=text]{width:100%;min-height:2.75rem;padding:.5rem .75rem;font:inherit;color:inherit;background:#fff;border:1px solid #6b7280;border-radius:.5rem}
input[aria-invalid=true]{border:2px solid #b3261e}
.field-error{margin:.25rem 0 0;color:#b3261e;font-weight:600}
.hint{margin:0 0 .25rem;color:#4b5563;font-size:.875rem}
.note{padding:.75rem;border-radius:.5rem;background:#e8f3ee;color:#0f5132;border:1px solid #0f5132}
button{width:100%;min-height:2.75rem;padding:.625rem 1rem;font:inherit;font-weight:600;border-radius:.5rem;cursor:pointer}
button.primary{background:#0f5132;color:#fff;border:1px solid #0f5132}
button.identity{background:#fff;color:#1f2328;border:1px solid #6b7280;text-align:left}
button.secondary{margin-top:1.5rem;background:transparent;color:#1f2328;border:1px solid #6b7280}
a{color:#0b57d0}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
`;
