export type AppErrorCode =
  | "BAD_USER_INPUT"
  | "NOT_FOUND"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "CONFLICT"
  | "INSUFFICIENT_POINTS"
  | "RATE_LIMITED";

/** An expected business failure: mapped once at each edge (HTTP status, GraphQL code, page message). */
export class AppError extends Error {
  override name = "AppError";
  readonly code: AppErrorCode;
  /** For BAD_USER_INPUT from a schema: one message per bad field, for forms to show beside it. */
  readonly fields: Record<string, string> | undefined;

  constructor(code: AppErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.code = code;
    this.fields = fields;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof Error && error.name === "AppError" && "code" in error;
}

const httpStatusByCode: Record<AppErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INSUFFICIENT_POINTS: 422,
  RATE_LIMITED: 429,
};

export function httpStatusOf(error: AppError): number {
  return httpStatusByCode[error.code];
}
