import { data } from "react-router";
import { isSameSecret } from "../../domain/identity/session-token.ts";
import type { OperationContext, StaffViewer } from "../../domain/shared/context.ts";
import type { AppError } from "../../kernel/app-error.ts";
import { requestContext } from "../context.ts";
import { expectedFailure, readForm, UNREADABLE_REQUEST } from "./action-result.server.ts";
import { notFoundMessage } from "./not-found.ts";
import { requestPath } from "./request-path.ts";

type Args = {
  request: Request;
  context: { get: (key: typeof requestContext) => { operations: OperationContext; bodyTooLarge: boolean } };
};
type SignedInStaff = StaffViewer & { session: { id: string; csrfToken: string } };

/**
 * The signed-in staff member of a back-office request; anyone else (guest, member) gets the same 404
 * as any missing page, so nothing hints that the back office exists. Each page and action asks for
 * itself: an action runs without its layout's loader.
 */
export function requireStaffPage({ request, context }: Args): { operations: OperationContext; staff: SignedInStaff } {
  const { operations } = context.get(requestContext);
  const { viewer } = operations;
  if (viewer.kind !== "staff" || !viewer.session) throw data(notFoundMessage(requestPath(request)), { status: 404 });
  return { operations, staff: { ...viewer, session: viewer.session } };
}

/** A back-office form post: a staff member's, carrying their session's CSRF token (403 otherwise). */
export async function requireStaffForm(args: Args): Promise<ReturnType<typeof requireStaffPage> & { form: FormData }> {
  const signedIn = requireStaffPage(args);
  const form = await readForm(args.request);
  if (!form) throw data(UNREADABLE_REQUEST, { status: 400 });
  const given = form.get("csrf");
  if (!isSameSecret(typeof given === "string" ? given : null, signedIn.staff.session.csrfToken)) {
    throw data("This form did not come from your back-office page. Reload the page and try again.", { status: 403 });
  }
  return { ...signedIn, form };
}

/**
 * An upload form's post: as requireStaffForm, but a body over the upload's limit was never read
 * (server/http/upload-limits.ts), so it is refused with the form's own message (`tooLarge`), for
 * the action to answer as it answers its other refusals. Nothing is done, so no CSRF token is needed.
 */
export async function requireStaffUpload(
  args: Args,
  tooLarge: () => AppError,
): Promise<ReturnType<typeof requireStaffPage> & { form: FormData }> {
  if (!args.context.get(requestContext).bodyTooLarge) return requireStaffForm(args);
  requireStaffPage(args);
  throw tooLarge();
}

/** A page's data from an operation that may refuse: its refusal (e.g. 403 without the permission) becomes the page's status. */
export async function refusedAsPage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const { message, status } = expectedFailure(error);
    throw data(message, { status });
  }
}
