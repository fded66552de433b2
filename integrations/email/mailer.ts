/**
 * Outgoing email. With an SMTP URL messages go to that server; without one (the embedded default)
 * each message is written as an RFC 822 `.eml` file into the outbox directory, to be opened in any
 * mail client.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export type OutgoingEmail = { to: string; subject: string; text: string; html: string };

export interface Mailer {
  send(email: OutgoingEmail): Promise<{ messageId: string }>;
}

export type SentInfo = { messageId: string; to: string; subject: string; file?: string };

export type MailerOptions = {
  from: string;
  smtpUrl?: string;
  outboxDir: string;
  onSent?: (info: SentInfo) => void;
};

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options) : createOutboxMailer(options);
}

function createSmtpMailer(smtpUrl: string, { from, onSent }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(email) {
      const info = await transport.sendMail({ from, ...email });
      onSent?.({ messageId: info.messageId, to: email.to, subject: email.subject });
      return { messageId: info.messageId };
    },
  };
}

function createOutboxMailer({ from, outboxDir, onSent }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(email) {
      const info = await transport.sendMail({ from, ...email });
      if (!Buffer.isBuffer(info.message)) throw new Error("The outbox transport did not return the message as a buffer");
      await mkdir(outboxDir, { recursive: true });
      const file = path.resolve(outboxDir, outboxFileName(new Date(), info.messageId));
      await writeFile(file, info.message, { flag: "wx" });
      onSent?.({ messageId: info.messageId, to: email.to, subject: email.subject, file });
      return { messageId: info.messageId };
    },
  };
}

/** `2025-11-03T04-05-06.789Z-<id>.eml`: sorts by time and is a valid file name everywhere. */
export function outboxFileName(at: Date, messageId: string): string {
  const stamp = at.toISOString().replaceAll(":", "-");
  const safeId = messageId.replace(/^<|>$/g, "").replace(/[^A-Za-z0-9._-]+/g, "_") || "message";
  return `${stamp}-${safeId}.eml`;
}
