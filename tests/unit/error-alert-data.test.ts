import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { isUnhandledError } from "../../app/lib/error-alert-sender.ts";
import { ERROR_ALERT_API_PATH, errorAlertData, errorAlertPath } from "../../app/lib/error-alerts.ts";
import { ErrorAlertInput } from "../../domain/alerts/send-error-alert.ts";
import { parseInput } from "../../domain/shared/operation.ts";

describe("what the browser and the server send as an error alert", () => {
  it("cuts a long message and path to what the endpoint takes, never in half a character", () => {
    const message = `${"x".repeat(999)}😀 and more`;
    const alert = errorAlertData("production", `/shop/${"a".repeat(600)}`, new Error(message));
    expect(alert.message).toBe("x".repeat(999));
    expect(alert.path).toHaveLength(500);
    expect(parseInput(ErrorAlertInput, { data: alert, clientAddress: null }).data).toEqual(alert);
  });

  it("says something for whatever was thrown", () => {
    expect(errorAlertData("staging", "/", "plain text").message).toBe("plain text");
    expect(errorAlertData("staging", "/", { code: 7 }).message).toBe('{"code":7}');
    expect(errorAlertData("staging", "/", new TypeError("")).message).toBe("TypeError");
    expect(errorAlertData("staging", "/", "  ").message).toBe("(an error without a message)");
  });

  it("posts to /{env}/dkv4 in staging and production, to /api elsewhere", () => {
    expect(errorAlertPath("production")).toBe("/production/dkv4/debug/send-email-to-admin");
    expect(errorAlertPath("staging")).toBe("/staging/dkv4/debug/send-email-to-admin");
    expect(errorAlertPath("development")).toBe(ERROR_ALERT_API_PATH);
  });

  it("reports from the error page anything but a 4xx answer or a server error the server reported", () => {
    expect(isUnhandledError(new Error("Cannot read properties of undefined"))).toBe(true);
    expect(isUnhandledError(new Error("Unexpected Server Error"))).toBe(false);
    // What a route's thrown answer becomes by the time an error boundary sees it.
    const answer = (status: number) => new ErrorResponse(status, "", `status ${status}`);
    expect(isUnhandledError(answer(404))).toBe(false);
    expect(isUnhandledError(answer(403))).toBe(false);
    expect(isUnhandledError(answer(503))).toBe(true);
  });
});
