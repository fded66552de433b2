import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../integrations/email/mailer.ts";

type Received = { from: string; to: string[]; raw: string };

describe("SMTP mailer", () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const envelope = session.envelope;
          received.push({
            from: envelope.mailFrom ? envelope.mailFrom.address : "",
            to: envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("delivers the message to the SMTP server in the URL", async () => {
    const sent: { messageId: string; to: string; subject: string; file?: string }[] = [];
    const mailer = createMailer({
      from: "Nectar Lab <orders@nectarlab.test>",
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: "/nonexistent/outbox-is-not-used",
      onSent: (info) => sent.push(info),
    });

    const result = await mailer.send({
      key: "0f8e2b4c-1d3a-4e5f-9a8b-7c6d5e4f3a2b",
      date: new Date("2025-11-03T04:05:06.789Z"),
      to: "mei.ling@example.com",
      subject: "Your order 5A1B2C3X is confirmed",
      text: "Thank you for your order.",
      html: "<p>Thank you for your order.</p>",
    });

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.from).toBe("orders@nectarlab.test");
    expect(message?.to).toEqual(["mei.ling@example.com"]);
    expect(message?.raw).toMatch(/^From: Nectar Lab <orders@nectarlab\.test>\r?$/m);
    expect(message?.raw).toMatch(/^To: mei\.ling@example\.com\r?$/m);
    expect(message?.raw).toMatch(/^Subject: Your order 5A1B2C3X is confirmed\r?$/m);
    expect(message?.raw).toContain("Thank you for your order.");
    expect(message?.raw).toContain("<p>Thank you for your order.</p>");
    expect(message?.raw).toContain(`Message-ID: ${result.messageId}`);
    // Derived from the key, so a resend after a crash is the same message to the shopper's mail client.
    expect(result.messageId).toBe("<0f8e2b4c-1d3a-4e5f-9a8b-7c6d5e4f3a2b@nectarlab.test>");
    expect(message?.raw).toMatch(/^Date: Mon, 03 Nov 2025 04:05:06 \+0000\r?$/m);
    expect(sent).toEqual([
      { messageId: result.messageId, to: "mei.ling@example.com", subject: "Your order 5A1B2C3X is confirmed" },
    ]);
  });
});
