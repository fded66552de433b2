/**
 * The rehearsal's mail server: plain SMTP on 127.0.0.1 that keeps every message it receives as an
 * .eml file in MAIL_DIR, for the journeys to read. PORT, MAIL_DIR.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const { PORT = "0", MAIL_DIR = "" } = process.env;
let received = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      received += 1;
      const name = `${String(received).padStart(4, "0")}.eml`;
      const to = session.envelope.rcptTo.map((recipient) => recipient.address).join(", ");
      writeFile(path.join(MAIL_DIR, name), Buffer.concat(chunks)).then(
        () => {
          console.log(`${name} to ${to}`);
          callback();
        },
        (error: Error) => callback(error),
      );
    });
  },
});
server.listen(Number(PORT), "127.0.0.1", () => console.log(`mail store ready on 127.0.0.1:${PORT}`));
