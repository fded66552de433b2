export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

const MAX_ATTEMPTS = 3;
const BASE_DELAY_MS = 100;
const MAX_DELAY_MS = 20_000;
const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);

/**
 * The identity provider's client policy (SPEC.md §9): up to 3 attempts on throttling, timeouts,
 * 500/502/503/504 and network failures, with jittered exponential backoff capped at 20 seconds.
 * A caller's abort signal (the request timeout) stops the retries.
 */
export function retryingFetch(fetchImpl: FetchFunction, sleep = defaultSleep): FetchFunction {
  return async (url, init) => {
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= MAX_ATTEMPTS;
      try {
        const response = await fetchImpl(url, init);
        if (last || !RETRIED_STATUSES.has(response.status) || init.signal?.aborted) return response;
        await response.body?.cancel();
      } catch (error) {
        if (last || init.signal?.aborted || !isNetworkFailure(error)) throw error;
      }
      await sleep(Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt));
    }
  };
}

function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && error.name === "TimeoutError");
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
