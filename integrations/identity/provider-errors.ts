import { AuthorizationResponseError, ClientError, ResponseBodyError, WWWAuthenticateChallengeError } from "openid-client";
import { IdentityProviderError } from "./identity-client.ts";

type ErrorBody = { error?: unknown; __type?: unknown; message?: unknown; error_description?: unknown };

/** Cognito's JSON API names its errors `__type` ("NotAuthorizedException" or "prefix#NotAuthorizedException"). */
function errorNameOf(body: ErrorBody): string | null {
  if (typeof body.error === "string" && body.error) return body.error;
  if (typeof body.__type === "string" && body.__type) return body.__type.split("#").pop() ?? body.__type;
  return null;
}

function descriptionOf(body: ErrorBody): string | null {
  const text = body.error_description ?? body.message;
  return typeof text === "string" && text ? text : null;
}

async function readErrorBody(response: Response): Promise<ErrorBody> {
  const text = await response.text();
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? (parsed as ErrorBody) : {};
  } catch {
    // Not JSON (an HTML error page from a proxy): the status says enough.
    return {};
  }
}

/**
 * Any failure of a call to the provider as an IdentityProviderError carrying the provider's error
 * name and HTTP status: an OAuth `error` reply, a Cognito `__type` reply, a reply that is neither,
 * an error sent back to the callback, or a network failure.
 */
export async function toProviderError(error: unknown): Promise<IdentityProviderError> {
  if (error instanceof IdentityProviderError) return error;
  if (error instanceof ResponseBodyError) {
    const body = error.cause as ErrorBody;
    return new IdentityProviderError(errorNameOf(body) ?? error.error, descriptionOf(body) ?? error.message, error.status);
  }
  if (error instanceof WWWAuthenticateChallengeError) {
    const challenge = error.cause[0]?.parameters;
    return new IdentityProviderError(
      challenge?.error ?? "UnexpectedResponse",
      challenge?.error_description ?? error.message,
      error.status,
    );
  }
  if (error instanceof AuthorizationResponseError) {
    return new IdentityProviderError(error.error, error.error_description ?? error.message);
  }
  if (error instanceof ClientError && error.cause instanceof Response) {
    const response = error.cause;
    const body = response.bodyUsed ? {} : await readErrorBody(response);
    return new IdentityProviderError(
      errorNameOf(body) ?? "UnexpectedResponse",
      descriptionOf(body) ?? `HTTP error! status: ${response.status}`,
      response.status,
    );
  }
  if (error instanceof ClientError) return new IdentityProviderError(error.code ?? "ClientError", error.message);
  if (error instanceof TypeError) return new IdentityProviderError("NetworkError", error.message);
  if (error instanceof Error) return new IdentityProviderError(error.name, error.message);
  return new IdentityProviderError("UnknownError", String(error));
}
