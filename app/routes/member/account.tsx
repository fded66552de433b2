import { CircleCheck, Link2 } from "lucide-react";
import { data, Form, useActionData, useNavigation } from "react-router";
import { getAddress, listAddresses } from "../../../domain/checkout/address-book/address-book.ts";
import { MAX_ADDRESSES } from "../../../domain/checkout/address-book/address-input.ts";
import { getEmailPreferences } from "../../../domain/member-emails/get-email-preferences.ts";
import { SetEmailPreferencesInput, setEmailPreferences } from "../../../domain/member-emails/set-email-preferences.ts";
import { AddressBook } from "../../components/address-book/address-book.tsx";
import { BackLink } from "../../components/back-link.tsx";
import { requestContext } from "../../context.ts";
import { type ActionResult, failureResult, readForm, unreadableRequest } from "../../lib/action-result.server.ts";
import { changeAddressBook } from "../../lib/address-book.server.ts";
import { ADDRESS_NOTICES, isAddressIntent } from "../../lib/address-book.ts";
import { refusedAsPage } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { linkResultMessage } from "../../lib/member-messages.ts";
import { privatePageHeaders, requireMember } from "../../lib/member-session.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Account");

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const member = await requireMember(ctx, request);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  const notice = url.searchParams.get("address") ?? "";
  return {
    addresses: await listAddresses(ctx.operations, {}),
    maxAddresses: MAX_ADDRESSES,
    // Another member's address, or one since removed, is no page at all.
    editing: editId === null ? null : await refusedAsPage(getAddress(ctx.operations, { addressId: editId })),
    addressNotice: isAddressIntent(notice) ? ADDRESS_NOTICES[notice] : null,
    emails: await getEmailPreferences(ctx.operations, {}),
    name: member.name,
    email: member.email,
    identities: [
      { provider: "google", label: "Google", linkLabel: "Link your Google account", email: member.googleEmail },
      { provider: "facebook", label: "Facebook", linkLabel: "Link your Facebook account", email: member.facebookEmail },
      { provider: "email", label: "Email code", linkLabel: "Link an email for codes", email: member.codeEmail },
    ],
    linkMessage: linkResultMessage(url.searchParams.get("link")),
  };
}

/** A change to the address book (its forms name an intent), or the programme emails chosen: each ticked box is on, the others off. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  await requireMember(ctx, request);
  const form = await readForm(request);
  if (!form) return unreadableRequest();
  if (form.has("intent")) return changeAddressBook(ctx.operations, form);
  try {
    await setEmailPreferences(ctx.operations, formInput(SetEmailPreferencesInput, form));
    return data<ActionResult>({ ok: true, message: "Your email choices are saved." });
  } catch (error) {
    return failureResult(error);
  }
}

export default function MemberAccount({ loaderData }: Route.ComponentProps) {
  const { identities, linkMessage, emails } = loaderData;
  const answer = useActionData<typeof action>();
  const result = answer && !("intent" in answer) ? answer : null;
  const addressRefusal = answer && "intent" in answer ? answer : null;
  const saving = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <BackLink to="/member">Member home</BackLink>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">Account</h1>
      <p className="mt-2 text-muted">
        Signed in as <span className="font-medium text-ink">{loaderData.name}</span> ({loaderData.email}).
      </p>

      {linkMessage &&
        (linkMessage.ok ? (
          <p role="status" className="mt-6 rounded-lg border border-emerald-200 bg-emerald-50 p-3 font-medium text-emerald-900">
            {linkMessage.text}
          </p>
        ) : (
          <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-sale">
            {linkMessage.text}
          </p>
        ))}

      <section aria-labelledby="sign-in-accounts-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="sign-in-accounts-heading" className="text-lg font-bold text-brand-900">
          Sign-in accounts
        </h2>
        <p className="mt-1 text-sm text-muted">
          Link more than one to sign in with any of them. Your points and orders stay on this membership.
        </p>
        <ul className="mt-4 divide-y divide-slate-100">
          {identities.map((identity) => (
            <li key={identity.provider} className="flex flex-wrap items-center justify-between gap-3 py-4">
              <div className="min-w-0">
                <p className="font-semibold">{identity.label}</p>
                {identity.email ? (
                  <p className="flex items-center gap-1 text-ink">
                    <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-700" />
                    <span data-testid={`${identity.provider}-email`} className="min-w-0 break-words">
                      {identity.email}
                    </span>
                  </p>
                ) : (
                  <p data-testid={`${identity.provider}-email`} className="text-muted">
                    Not linked
                  </p>
                )}
              </div>
              {!identity.email && (
                // A plain form: linking continues on the identity provider's site.
                <form method="post" action="/member/link">
                  <input type="hidden" name="provider" value={identity.provider} />
                  <button
                    type="submit"
                    className="inline-flex items-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
                  >
                    <Link2 aria-hidden="true" className="size-4" />
                    {identity.linkLabel}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      </section>

      <AddressBook
        addresses={loaderData.addresses}
        max={loaderData.maxAddresses}
        editing={loaderData.editing}
        notice={loaderData.addressNotice}
        refused={addressRefusal}
      />

      <section id="emails" aria-labelledby="emails-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="emails-heading" className="text-lg font-bold text-brand-900">
          Emails from the loyalty programme
        </h2>
        <p className="mt-1 text-sm text-muted">
          Choose which ones you get. Order confirmations, shipping and refund emails always come.
        </p>
        <Form method="post" className="mt-4">
          <fieldset>
            <legend className="sr-only">Programme emails you get</legend>
            <ul className="divide-y divide-slate-100">
              {emails.map((email) => (
                <li key={email.kind} className="py-3">
                  <label className="flex cursor-pointer items-start gap-3">
                    <input
                      type="checkbox"
                      name="on"
                      value={email.kind}
                      defaultChecked={email.on}
                      aria-describedby={`email-${email.kind}-about`}
                      className="mt-1 size-5 shrink-0 accent-brand-700"
                    />
                    <span className="min-w-0">
                      <span className="block font-semibold">{email.label}</span>
                      <span id={`email-${email.kind}-about`} className="block text-sm text-muted">
                        {email.about}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="mt-4 flex flex-wrap items-center gap-4">
            <button
              type="submit"
              disabled={saving}
              className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              Save email choices
            </button>
            {result && (
              <p
                role={result.ok ? "status" : "alert"}
                className={result.ok ? "font-medium text-emerald-900" : "font-medium text-sale"}
              >
                {result.message}
              </p>
            )}
          </div>
        </Form>
      </section>
    </div>
  );
}
