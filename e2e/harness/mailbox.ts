const MAILBOX = `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT ?? 3126}`;

export type Mail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  date: string;
  /** The files sent with it, their content in base64. */
  attachments: { filename: string; contentType: string; content: string }[];
};

/** Waits for the next e-mail to `to` delivered through the real SMTP server of the e2e harness. */
export async function waitForMail(to: string, { after = 0, timeoutMs = 10_000 } = {}): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const messages = (await (await fetch(`${MAILBOX}/?to=${encodeURIComponent(to)}`)).json()) as Mail[];
    const mail = messages[after];
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
}

/** The first link in a message that starts with `prefix`. */
export function linkIn(mail: Mail, prefix: string): string {
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`));
  if (!match) throw new Error(`no link starting with ${prefix} in "${mail.subject}"`);
  return match[0];
}
