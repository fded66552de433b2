/** One signed request to a webhook endpoint. */
export type WebhookRequest = { url: string; headers: Record<string, string>; body: string };

/** What came of one request: the status code and the start of the body, or (statusCode null) why there was none. */
export type WebhookResponse = { statusCode: number | null; response: string; durationMs: number };

/** The shop's outgoing webhook requests (decision 042). */
export type WebhookSender = {
  /** Why the shop will not send to this URL (its scheme, or a host that is or resolves to a private address); null when it will. */
  refusal(url: string): Promise<string | null>;
  /**
   * POSTs once, checking every address the host resolves to as it connects; never follows a redirect;
   * gives up after the timeout. An endpoint's failure is an answer, not an exception.
   */
  post(request: WebhookRequest): Promise<WebhookResponse>;
};
