import { describe, expect, it } from "vitest";
import { retryingFetch } from "../../integrations/identity/retrying-fetch.ts";

function scripted(answers: (number | Error)[]) {
  const calls: string[] = [];
  const waits: number[] = [];
  const fetchImpl = async (url: string) => {
    calls.push(url);
    const answer = answers.shift() ?? 200;
    if (answer instanceof Error) throw answer;
    return new Response(`status ${answer}`, { status: answer });
  };
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return { fetch: retryingFetch(fetchImpl, sleep), calls, waits };
}

describe("the identity provider's retry policy", () => {
  it.each([429, 500, 502, 503, 504])("tries again after %i, at most 3 attempts in all", async (status) => {
    const { fetch, calls, waits } = scripted([status, status, status, 200]);
    expect((await fetch("https://idp.example/token", {})).status).toBe(status);
    expect(calls).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeLessThanOrEqual(200);
    expect(waits[1]).toBeLessThanOrEqual(400);
  });

  it("tries again after a network failure and returns the answer that came", async () => {
    const { fetch, calls } = scripted([new TypeError("fetch failed"), 200]);
    expect((await fetch("https://idp.example/token", {})).status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it("gives up on the third network failure with that failure", async () => {
    const { fetch, calls } = scripted([new TypeError("a"), new TypeError("b"), new TypeError("c")]);
    await expect(fetch("https://idp.example/token", {})).rejects.toThrow("c");
    expect(calls).toHaveLength(3);
  });

  it.each([400, 401, 404, 501])("does not repeat a request answered %i", async (status) => {
    const { fetch, calls } = scripted([status, 200]);
    expect((await fetch("https://idp.example/token", {})).status).toBe(status);
    expect(calls).toHaveLength(1);
  });

  it("stops when the caller's time is up", async () => {
    const controller = new AbortController();
    controller.abort();
    const { fetch, calls } = scripted([503, 200]);
    expect((await fetch("https://idp.example/token", { signal: controller.signal })).status).toBe(503);
    expect(calls).toHaveLength(1);
  });
});
