import { describe, expect, it } from "vitest";
import { keptRevision } from "../../server/kept-revision.ts";

describe("the revision kept pages are checked against", () => {
  const start = Date.parse("2026-11-28T16:00:00Z");
  const end = Date.parse("2026-11-30T15:59:59Z");

  const setUp = () => {
    const state = { revision: 7, now: start - 1, loads: 0 };
    const revision = keptRevision(
      async () => state.revision,
      async () => {
        state.loads += 1;
        return [new Date(0), new Date(start), new Date(end)];
      },
      () => state.now,
    );
    return { state, revision };
  };

  it("stays the same between boundaries and moves on when a campaign starts or ends", async () => {
    const { state, revision } = setUp();
    const before = await revision();
    state.now = start - 1_000;
    expect(await revision()).toBe(before);
    state.now = start;
    const running = await revision();
    expect(running).not.toBe(before);
    state.now = end - 1;
    expect(await revision()).toBe(running);
    state.now = end + 1;
    expect(await revision()).not.toBe(running);
  });

  it("moves on with the catalogue's revision, never back to a value an earlier revision had", async () => {
    const { state, revision } = setUp();
    state.now = end + 1;
    const afterBoth = await revision();
    state.revision = 8;
    state.now = start - 1;
    const next = await revision();
    expect(next).toBeGreaterThan(afterBoth);
  });

  it("reads the boundaries once per catalogue revision", async () => {
    const { state, revision } = setUp();
    await revision();
    state.now = end + 1;
    await revision();
    expect(state.loads).toBe(1);
    state.revision = 8;
    await revision();
    expect(state.loads).toBe(2);
  });
});
