import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMailer, messageIdOf, outboxFileName } from "../../integrations/email/mailer.ts";

describe("outbox mailer (no SMTP server configured)", () => {
  let root = "";
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "outbox-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("writes each message as an .eml file and reports the file", async () => {
    const outboxDir = path.join(root, "data", "outbox"); // created on first send
    const sent: { messageId: string; to: string; subject: string; file?: string }[] = [];
    const mailer = createMailer({ from: "Nectar Lab <orders@nectarlab.test>", outboxDir, onSent: (info) => sent.push(info) });

    const first = await mailer.send({
      key: "0f8e2b4c-1d3a-4e5f-9a8b-7c6d5e4f3a2b",
      date: new Date("2025-11-03T04:05:06.789Z"),
      to: "mei.ling@example.com",
      subject: "Your order 5A1B2C3X is confirmed",
      text: "Thank you for your order.",
      html: "<p>Thank you for your order.</p>",
    });
    const second = await mailer.send({
      key: "5d4c3b2a-1f0e-4d9c-8b7a-6e5f4d3c2b1a",
      date: new Date("2025-11-03T04:05:07.000Z"),
      to: "raj@example.com",
      subject: "Your order 5A1B2C3Y is confirmed",
      text: "Hello Raj",
      html: "<p>Hello Raj</p>",
    });

    const files = readdirSync(outboxDir).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[A-Za-z0-9._-]+\.eml$/);
    expect(first.messageId).not.toBe(second.messageId);

    expect(sent.map((info) => info.to)).toEqual(["mei.ling@example.com", "raj@example.com"]);
    expect(sent[0]).toMatchObject({ messageId: first.messageId, subject: "Your order 5A1B2C3X is confirmed" });
    const file = sent[0]?.file ?? "";
    expect(path.isAbsolute(file)).toBe(true);
    expect(path.dirname(file)).toBe(path.resolve(outboxDir));
    expect(files).toContain(path.basename(file));

    const eml = readFileSync(file, "utf8");
    expect(eml).toMatch(/^From: Nectar Lab <orders@nectarlab\.test>\r?$/m);
    expect(eml).toMatch(/^To: mei\.ling@example\.com\r?$/m);
    expect(eml).toMatch(/^Subject: Your order 5A1B2C3X is confirmed\r?$/m);
    expect(eml).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(eml).toContain(`Message-ID: ${first.messageId}`);
    expect(eml).toContain("Thank you for your order.");
    expect(eml).toContain("<p>Thank you for your order.</p>");
  });

  it("writes a resend of the same message over the same file, with the same Message-ID", async () => {
    const outboxDir = path.join(root, "outbox");
    const mailer = createMailer({ from: "Nectar Lab <orders@nectarlab.test>", outboxDir });
    const email = {
      key: "0f8e2b4c-1d3a-4e5f-9a8b-7c6d5e4f3a2b",
      date: new Date("2025-11-03T04:05:06.789Z"),
      to: "mei.ling@example.com",
      subject: "Your order 5A1B2C3X is confirmed",
      text: "Thank you for your order.",
      html: "<p>Thank you for your order.</p>",
    };
    const sends = await Promise.all([mailer.send(email), mailer.send(email)]);
    const again = await mailer.send(email);

    expect(new Set([...sends, again].map((sent) => sent.messageId))).toEqual(
      new Set(["<0f8e2b4c-1d3a-4e5f-9a8b-7c6d5e4f3a2b@nectarlab.test>"]),
    );
    expect(readdirSync(outboxDir)).toEqual(["2025-11-03T04-05-06.789Z-0f8e2b4c-1d3a-4e5f-9a8b-7c6d5e4f3a2b_nectarlab.test.eml"]);
    expect(messageIdOf("k1", "orders@shop.example")).toBe("<k1@shop.example>");
  });

  it("names files by time and a file-safe message id", () => {
    expect(outboxFileName(new Date("2025-11-03T04:05:06.789Z"), "<a1b2-c3@nectar lab/x>")).toBe(
      "2025-11-03T04-05-06.789Z-a1b2-c3_nectar_lab_x.eml",
    );
  });
});
