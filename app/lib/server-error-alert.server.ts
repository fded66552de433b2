import { sendErrorAlert } from "../../domain/alerts/send-error-alert.ts";
import type { OperationContext } from "../../domain/shared/context.ts";
import { errorAlertData, reportsErrors } from "./error-alerts.ts";

/**
 * Reports one of the server's own unhandled errors to the admin, calling the operation directly. It
 * never throws and never holds up the answer: a failure to record the alert is logged instead.
 */
export function reportServerError(operations: OperationContext, request: Request, error: unknown): void {
  try {
    const { env } = operations.settings;
    if (!reportsErrors(env)) return;
    const data = errorAlertData(env, new URL(request.url).pathname, error);
    sendErrorAlert(operations, { data, clientAddress: null }).catch((alertError: unknown) =>
      operations.log.error({ err: alertError }, "could not record the error alert"),
    );
  } catch (alertError) {
    operations.log.error({ err: alertError }, "could not record the error alert");
  }
}
