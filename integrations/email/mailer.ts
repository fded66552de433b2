/**
 * Outgoing email. With an SMTP URL messages go to that server; without one (the embedded default)
 * each message is written as an RFC 822 `.eml` file into the outbox directory, to be opened in any
 * mail client.
 *
 * A message may be sent again after a crash between sending it and recording that it went (the job
 * that sends it is retried), so each carries a stable key: the outbox file is named by it and
 * rewritten, and over SMTP it becomes the Message-ID, by which mail clients show a resend once.
 */
import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export type OutgoingEmail = {
  /** The same for every send of this message (the outbox row's id). */
  key: string;
  /** When the message was written: its Date header, the same on a resend. */
  date: Date;
  to: string;
  subject: string;
  text: string;
  /** Left out for plain-text messages (error alerts). */
  html?: string;
  /**
   * A programme email's one-click unsubscribe address (RFC 8058): sent as List-Unsubscribe, beside a
   * mailto: to the sender, with List-Unsubscribe-Post. Left out for order and refund emails.
   */
  unsubscribeUrl?: string;
};

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

/** `<key@domain-of-from>`: stable for the message, unique to this shop. */
export function messageIdOf(key: string, from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${key}@${domain}>`;
}

/** The sender's bare address: `orders@nectarlab.sg` of `Nectar Lab <orders@nectarlab.sg>`. */
const addressOf = (from: string) => /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/**
 * The message nodemailer sends: its stable Message-ID and, for a programme email, the unsubscribe
 * headers of RFC 2369 and RFC 8058. The mailto: asks the shop's own mailbox, whose staff open the
 * link it carries, for clients that cannot post.
 */
export function messageOf({ key, unsubscribeUrl, ...email }: OutgoingEmail, from: string) {
  const mailto = unsubscribeUrl
    ? `mailto:${addressOf(from)}?subject=${encodeURIComponent("Unsubscribe")}&body=${encodeURIComponent(unsubscribeUrl)}`
    : null;
  return {
    from,
    messageId: messageIdOf(key, from),
    ...email,
    ...(unsubscribeUrl && {
      headers: {
        "List-Unsubscribe": { prepared: true, value: `<${unsubscribeUrl}>, <${mailto}>` },
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    }),
  };
}

function createSmtpMailer(smtpUrl: string, { from, onSent }: MailerOptions): Mailer {
  // Bounded well inside the send job's time limit, so a stalled server fails the attempt (retried
  // later) before the queue would count the attempt as lost and start a second one beside it.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 45_000,
  });
  return {
    async send(email) {
      const info = await transport.sendMail(messageOf(email, from));
      onSent?.({ messageId: info.messageId, to: email.to, subject: email.subject });
      return { messageId: info.messageId };
    },
  };
}

function createOutboxMailer({ from, outboxDir, onSent }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(email) {
      const info = await transport.sendMail(messageOf(email, from));
      if (!Buffer.isBuffer(info.message)) throw new Error("The outbox transport did not return the message as a buffer");
      await mkdir(outboxDir, { recursive: true });
      const file = path.resolve(outboxDir, outboxFileName(email.date, info.messageId));
      // Written whole under a name of its own first, so a mail client never opens half a message.
      const partial = `${file}.${randomUUID()}.partial`;
      await writeFile(partial, info.message);
      await rename(partial, file);
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
