import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; raw: string };

/**
 * A real local SMTP server that keeps what it receives (docs/architecture.md §5: tests read the delivered messages). `port`
 * restarts one on the port of a closed one (SMTP down, then back).
 */
/**
 * `delayMs`: how long the server takes to accept each message (a distant relay), for timing tests; `slow(ms)` changes
 * it for the messages that follow.
 */
export async function startSmtpCapture(port = 0, { delayMs: initialDelay = 0 } = {}) {
  const received: CapturedMail[] = [];
  let delayMs = initialDelay;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        if (delayMs > 0) setTimeout(() => done(), delayMs);
        else done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  const bound = (smtp.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    slow: (ms: number) => {
      delayMs = ms;
    },
    /** The body with quoted-printable soft breaks undone, good enough to find links and words in plain text. */
    textOf: (mail: CapturedMail) =>
      mail.raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    /** The messages to `address` received since the `since`-th, parsed (subject, text, attachments). */
    parsedTo: (address: string, since = 0) =>
      Promise.all(
        received
          .slice(since)
          .filter((mail) => mail.to.includes(address))
          .map((mail) => simpleParser(mail.raw)),
      ),
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}
