import { describe, expect, it } from "vitest";
import { sharedFreshReads } from "../../server/catalog-revision-source.ts";

/** A stored value read through reads the test finishes one by one, as a database would answer. */
function database(initial: number) {
  let stored = initial;
  let started = 0;
  const pending: (() => void)[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      started += 1;
      // The read sees what is stored when it starts, as a statement sees its snapshot.
      const value = stored;
      pending.push(() => (value < 0 ? reject(new Error("connection lost")) : resolve(value)));
    });
  return {
    read,
    commit: (value: number) => {
      stored = value;
    },
    reads: () => started,
    finishNext: async () => {
      pending.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe("catalogue revisions read fresh and shared", () => {
  it("never answers a request with a read that began before it asked", async () => {
    const db = database(1);
    const revision = sharedFreshReads(db.read);
    const first = revision();
    db.commit(2);
    const second = revision();
    await db.finishNext();
    expect(await first).toBe(1);
    await db.finishNext();
    expect(await second).toBe(2);
  });

  it("shares one read among everyone who asked while the previous one was under way", async () => {
    const db = database(5);
    const revision = sharedFreshReads(db.read);
    const first = revision();
    const waiting = Array.from({ length: 9 }, () => revision());
    expect(db.reads()).toBe(1);
    await db.finishNext();
    expect(db.reads()).toBe(2);
    await db.finishNext();
    expect(await Promise.all([first, ...waiting])).toEqual(Array(10).fill(5));
    expect(db.reads()).toBe(2);
  });

  it("a failed read fails only those it was for; the next ones read again", async () => {
    const db = database(-1);
    const revision = sharedFreshReads(db.read);
    const failing = revision();
    const after = revision();
    db.commit(7);
    await db.finishNext();
    await expect(failing).rejects.toThrow("connection lost");
    await db.finishNext();
    expect(await after).toBe(7);
    const later = revision();
    await db.finishNext();
    expect(await later).toBe(7);
  });
});
