import { Session } from "node:inspector/promises";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import type { Access } from "../../domain/shared/access.ts";
import { guest, type OperationContext } from "../../domain/shared/context.ts";
import { defineOperation } from "../../domain/shared/operation.ts";
import { AppError } from "../../kernel/app-error.ts";
import { memberViewer, testContext } from "../setup/operation-context.ts";

/** An access that writes down when each of its steps runs, and refuses guests before the input is read. */
function recordingAccess(steps: string[]): Access<{ memberId: string }, { memberId: string }> {
  return {
    kind: "ownMember",
    field: "memberId",
    admit: (ctx) => {
      steps.push("admit");
      if (ctx.viewer.kind !== "member") throw new AppError("UNAUTHENTICATED", "Please sign in first.");
      return (input) => {
        steps.push("check");
        if (input.memberId !== "member") throw new AppError("FORBIDDEN", "Not yours.");
        return { memberId: input.memberId };
      };
    },
  };
}

const Input = z.object({ memberId: z.string().transform((id) => id.trim()) });

function recordedOperation() {
  const steps: string[] = [];
  const operation = defineOperation(
    { access: recordingAccess(steps), input: Input },
    async function touchMember(ctx, input, granted) {
      steps.push("run");
      ctx.log.warn({ memberId: input.memberId }, "touched");
      return granted;
    },
  );
  return { steps, operation };
}

const contextAs = (viewer: OperationContext["viewer"], lines: object[] = []) =>
  testContext({} as Database, {
    viewer,
    log: { info: () => {}, warn: (details) => lines.push(details), error: (details) => lines.push(details) },
  });

describe("defineOperation", () => {
  it("refuses a viewer before the input is read, and the body never runs", async () => {
    const { steps, operation } = recordedOperation();
    await expect(operation(contextAs(guest()), { memberId: 42 } as never)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(steps).toEqual(["admit"]);
  });

  it("parses the input before the checks that read it, and the body never runs on a refusal", async () => {
    const { steps, operation } = recordedOperation();
    await expect(operation(contextAs(memberViewer("m-1")), { memberId: 42 } as never)).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    expect(steps).toEqual(["admit"]);
    await expect(operation(contextAs(memberViewer("m-1")), { memberId: " someone-else " })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(steps).toEqual(["admit", "admit", "check"]);
  });

  it("hands the body what the check granted, with the parsed input", async () => {
    const { steps, operation } = recordedOperation();
    expect(await operation(contextAs(memberViewer("m-1")), { memberId: " member " })).toEqual({ memberId: "member" });
    expect(steps).toEqual(["admit", "check", "run"]);
  });

  it("refuses a body without a name, which its traces, profiles and logs could not show", () => {
    const anonymous = async () => undefined;
    Object.defineProperty(anonymous, "name", { value: "" });
    expect(() =>
      defineOperation({ access: { kind: "public", admit: () => () => undefined }, input: z.object({}) }, anonymous),
    ).toThrow(/must be a named function/);
  });

  it("carries its body's name and its access, and its log lines name it", async () => {
    const { operation } = recordedOperation();
    expect(operation.name).toBe("touchMember");
    expect(operation.access.kind).toBe("ownMember");
    const lines: object[] = [];
    await operation(contextAs(memberViewer("m-1"), lines), { memberId: "member" });
    expect(lines).toEqual([{ operation: "touchMember", memberId: "member" }]);
  });

  it("shows its name in the stack trace of a failure inside it", async () => {
    const failing = defineOperation(
      { access: { kind: "public", admit: () => () => undefined }, input: z.object({}) },
      async function failingOperation() {
        await Promise.resolve();
        throw new Error("broken");
      },
    );
    const error: Error = await failing(contextAs(guest()), {}).catch((caught: Error) => caught);
    expect(error.stack).toMatch(/\n\s+at (async )?failingOperation \(/);
  });

  it("shows its name in a CPU profile of the work inside it", async () => {
    const busy = defineOperation(
      { access: { kind: "public", admit: () => () => undefined }, input: z.object({}) },
      async function busyOperation() {
        await Promise.resolve();
        const until = Date.now() + 20;
        let spins = 0;
        while (Date.now() < until) spins++;
        return spins;
      },
    );
    const session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 100 });
    await session.post("Profiler.start");
    for (let run = 0; run < 10; run++) await busy(contextAs(guest()), {});
    const { profile } = await session.post("Profiler.stop");
    session.disconnect();
    const sampled = profile.nodes.filter((node) => node.hitCount && node.callFrame.url.endsWith("define-operation.test.ts"));
    const busiest = sampled.reduce((most, node) => ((node.hitCount ?? 0) > (most.hitCount ?? 0) ? node : most));
    expect(busiest.callFrame.functionName).toBe("busyOperation");
  });
});
