import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineJob } from "../../domain/jobs/define-job.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";

const ID = randomUUID();

describe("sending a job is typed by its definition", () => {
  it("takes a registered job's name with a payload its schema accepts", async () => {
    const { jobs, sent } = recordingJobs();
    await jobs.send("send-email", { outboxId: ID });
    await jobs.send("send-webhook", { deliveryId: ID });
    await jobs.send("loyalty-maintenance", {});
    expect(sent.map((job) => job.name)).toEqual(["send-email", "send-webhook", "loyalty-maintenance"]);
  });

  it("does not compile a send that its definition refuses (npm run typecheck holds each line below)", () => {
    const { jobs } = recordingJobs();
    // Never called: each line must fail to compile, and an @ts-expect-error over a line that compiles fails typecheck.
    const refused = [
      // @ts-expect-error a misspelt field
      () => jobs.send("send-email", { outboxid: ID }),
      // @ts-expect-error a field left out
      () => jobs.send("send-webhook", { redelivery: true }),
      // @ts-expect-error a field of the wrong type
      () => jobs.send("complete-refund", { refundId: 42 }),
      // @ts-expect-error another job's payload
      () => jobs.send("fan-out-event", { outboxId: ID }),
      // @ts-expect-error a field the payload does not have
      () => jobs.send("expire-checkout-session", { sessionId: "cs_1", orderId: ID }),
      // @ts-expect-error a job that does not exist
      () => jobs.send("send-sms", { outboxId: ID }),
      // @ts-expect-error a definition under a name the queue does not run
      () => defineJob({ name: "send-sms", payload: z.object({}), run: async () => null }),
      // @ts-expect-error a payload that is not an object (stored as JSON with its job)
      () => defineJob({ name: "send-email", payload: z.string(), run: async () => null }),
    ];
    expect(refused).toHaveLength(8);
  });
});
