import { isReachableEmail } from '@roam/contract/walk-in';
import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';

/**
 * `replyTo` lets the recipient answer someone other than the sender address (contact messages); `documentsOf` names
 * the booking whose documents are attached when the message is sent; `attachFileIds` stored files
 * sent as they are (the counter's signed documents).
 */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  documentsOf?: string;
  /** The booking whose invoices and credit notes are attached when the message is sent (the close of a rental). */
  invoicesOf?: string;
  attachFileIds?: string[];
};

/** A file sent with a message. */
export type Attachment = { filename: string; content: Buffer; contentType: string };
/** Renders a booking's documents at send time (the documents feature, wired in app.ts); none when it is gone. */
export type DocumentsRenderer = (bookingId: string) => Promise<Attachment[]>;
/** Reads stored files to attach (the counter's documents, wired in app.ts); a file gone is left out. */
export type FilesReader = (fileIds: string[]) => Promise<Attachment[]>;

/** A message recorded in the outbox and not yet handed to SMTP. */
export type QueuedMail = { id: string; mail: Mail };

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /**
   * Records the message in the outbox as `pending` through `db` — pass the transaction of the change the message
   * reports, so the change and its message commit together or not at all — and returns it for `deliver`.
   */
  enqueue(db: DbOrTx, mail: Mail): Promise<QueuedMail>;
  /**
   * Hands a queued message to SMTP (call it after the transaction that queued it committed). Throws when SMTP
   * refused it; the row then stays `pending` and the sweeper retries it.
   */
  deliver(queued: QueuedMail): Promise<void>;
  /**
   * `deliver` without waiting — of a queued message, or of the one `compose` records (null: none) — so that the
   * caller answers before the message is even written (a call whose answer must not tell by its time whether it
   * sends anything, second outside audit item 14). A failure is logged; a recorded row stays `pending` for the
   * sweeper. `close` waits for these.
   */
  deliverLater(work: QueuedMail | (() => Promise<QueuedMail | null>)): void;
  /** Resolves once every `deliverLater` started so far has ended (close waits for it; tests read the outbox after). */
  idle(): Promise<void>;
  /**
   * Sends what the outbox still holds: `pending` rows older than the grace period and due for their next attempt,
   * and claims abandoned mid-send. Each row is claimed atomically first, so processes sweeping one database at once
   * never send a row twice. Returns how many rows it handled. Runs at start-up and every minute (`startSweeper`).
   */
  sweep(now?: Date): Promise<number>;
  /** Sweeps now, then every SWEEP_EVERY_MS (unref'd timer) until `close`. */
  startSweeper(): void;
  /** Stops the sweeper, waits for a sweep in progress, closes the SMTP transport. */
  close(): Promise<void>;
};

/** The after-commit delivery normally sends within milliseconds; the sweeper leaves younger rows to it. */
export const SWEEP_GRACE_MS = 30_000;
export const SWEEP_EVERY_MS = 60_000;
/** Attempts before a message is marked `failed` (backoff 1, 2, 4 … 60 min: about two hours in all). */
export const MAX_ATTEMPTS = 8;
/**
 * A `sending` claim older than this belongs to a process that died mid-send: another may take it over (README
 * "E-mail": re-sent once 30 s old). A live sender gives up on an exchange well before (SEND_DEADLINE_MS).
 */
export const STALE_CLAIM_MS = 30_000;
/** How long one SMTP exchange may take before it counts as failed (and is retried with backoff). */
export const SEND_DEADLINE_MS = 20_000;
/** Rows one claim takes. */
export const SWEEP_BATCH = 20;
/** SMTP connections a sweep uses at once (a backlog after an outage goes out faster; relays limit clients). */
const SWEEP_CONNECTIONS = 4;
// Bounds one SMTP exchange inside SEND_DEADLINE_MS (nodemailer's defaults allow 2 min to connect, 10 idle).
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

/** `work`, or a failure once `ms` passed: a trickling server cannot hold a claim past STALE_CLAIM_MS. */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`SMTP exchange took more than ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3600_000);

/**
 * Every message is recorded in the outbox first (docs/architecture.md §5 E-mail), then delivered over SMTP_URL.
 * Without SMTP it stays in the outbox as 'logged' and goes to the log, so nothing is silently lost. A process
 * killed between the commit and the delivery leaves the row `pending`, and a failed delivery leaves it `pending`
 * with its attempt count and error: the sweeper sends it later, with backoff, until MAX_ATTEMPTS.
 */
export function createMailer(
  db: Db,
  /** `from`: a fixed sender (MAIL_FROM), or one read at each send (named after the site's name in force). */
  options: { smtpUrl: string | undefined; from: string | (() => Promise<{ name: string; address: string }>) },
  log: {
    info(obj: object, msg: string): void;
    warn?(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  },
  renderDocuments: DocumentsRenderer = async () => [],
  readFiles: FilesReader = async () => [],
  renderInvoices: DocumentsRenderer = async () => [],
): Mailer {
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
    : null;

  const enqueue = async (target: DbOrTx, mail: Mail): Promise<QueuedMail> => {
    const [row] = await target
      .insert(outbox)
      .values({
        // To an address no one has (a counter customer's without e-mail, an erased account's: contract
        // walk-in.ts NO_EMAIL_DOMAIN): recorded, never sent — neither `deliver` nor the sweeper takes a logged row.
        ...(isReachableEmail(mail.to) ? {} : { status: 'logged' as const }),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        replyTo: mail.replyTo ?? null,
        documentsOf: mail.documentsOf ?? null,
        invoicesOf: mail.invoicesOf ?? null,
        attachFileIds: mail.attachFileIds ?? [],
      })
      .returning({ id: outbox.id });
    return { id: row!.id, mail };
  };

  /** Sends one claimed row (status `sending`) and records the outcome. */
  const send = async (id: string, mail: Mail, attemptsBefore: number) => {
    if (!transport) {
      await db.update(outbox).set({ status: 'logged', claimedAt: null }).where(eq(outbox.id, id));
      log.info({ outboxId: id, to: mail.to, subject: mail.subject }, 'e-mail recorded (no SMTP_URL)');
      return;
    }
    const attempts = attemptsBefore + 1;
    try {
      const { documentsOf, invoicesOf, attachFileIds, ...message } = mail;
      // Rendered now from the booking, not stored with the message (a failure is retried like a refused send).
      const attachments = [
        ...(documentsOf ? await renderDocuments(documentsOf) : []),
        ...(attachFileIds && attachFileIds.length > 0 ? await readFiles(attachFileIds) : []),
        ...(invoicesOf ? await renderInvoices(invoicesOf) : []),
      ];
      await withDeadline(
        transport.sendMail({
          from: typeof options.from === 'string' ? options.from : await options.from(),
          ...message,
          ...(attachments.length > 0 ? { attachments } : {}),
        }),
        SEND_DEADLINE_MS,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = attempts >= MAX_ATTEMPTS;
      await db
        .update(outbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          attempts,
          lastError: message,
          claimedAt: null,
          nextAttemptAt: giveUp ? null : new Date(Date.now() + retryDelayMs(attempts)),
        })
        .where(eq(outbox.id, id));
      log.error({ outboxId: id, attempts, err: message }, giveUp ? 'e-mail given up' : 'e-mail delivery failed');
      throw error;
    }
    await db
      .update(outbox)
      .set({ status: 'sent', sentAt: new Date(), attempts, claimedAt: null, nextAttemptAt: null })
      .where(eq(outbox.id, id));
  };

  const deliver = async ({ id, mail }: QueuedMail) => {
    // Claimed like the sweeper claims: if a sweeper already took the row, it sends it, not us.
    const [claimed] = await db
      .update(outbox)
      .set({ status: 'sending', claimedAt: new Date() })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')))
      .returning({ attempts: outbox.attempts });
    if (claimed) await send(id, mail, claimed.attempts);
  };

  const sweep = async (now = new Date()) => {
    let handled = 0;
    for (;;) {
      const due = db
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          or(
            and(
              eq(outbox.status, 'pending'),
              lt(outbox.createdAt, new Date(now.getTime() - SWEEP_GRACE_MS)),
              or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, now)),
            ),
            // A claim's age by the clock that wrote it (a sweep's `now` may be a test's later time).
            and(eq(outbox.status, 'sending'), lt(outbox.claimedAt, new Date(Date.now() - STALE_CLAIM_MS))),
          ),
        )
        .orderBy(asc(outbox.createdAt))
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(outbox)
        .set({ status: 'sending', claimedAt: new Date() })
        .where(inArray(outbox.id, due))
        .returning();
      const next = rows.values();
      const worker = async () => {
        for (const row of next) {
          const mail: Mail = {
            to: row.to,
            subject: row.subject,
            text: row.text,
            ...(row.html ? { html: row.html } : {}),
            ...(row.replyTo ? { replyTo: row.replyTo } : {}),
            ...(row.documentsOf ? { documentsOf: row.documentsOf } : {}),
            ...(row.invoicesOf ? { invoicesOf: row.invoicesOf } : {}),
            ...(row.attachFileIds.length > 0 ? { attachFileIds: row.attachFileIds } : {}),
          };
          await send(row.id, mail, row.attempts).catch(() => {}); // recorded on the row and logged by send
        }
      };
      await Promise.all(Array.from({ length: SWEEP_CONNECTIONS }, worker));
      handled += rows.length;
      if (rows.length < SWEEP_BATCH) return handled;
    }
  };

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let closed = false;
  const later = new Set<Promise<void>>();
  const deliverLater = (work: QueuedMail | (() => Promise<QueuedMail | null>)) => {
    const delivery = Promise.resolve()
      .then(async () => {
        const queued = typeof work === 'function' ? await work() : work;
        if (queued) await deliver(queued);
      })
      .catch((err: unknown) => (log.warn ?? log.error)({ err }, 'e-mail after the answer failed'))
      .finally(() => later.delete(delivery));
    later.add(delivery);
  };
  const tick = () => {
    if (closed) return;
    running = running
      .then(() => sweep())
      .then((handled) => {
        if (handled > 0) log.info({ handled }, 'outbox swept');
      })
      .catch((err: unknown) => (log.warn ?? log.error)({ err }, 'outbox sweep failed'));
  };

  return {
    enqueue,
    deliver,
    deliverLater,
    async idle() {
      await Promise.all([...later]);
    },
    sweep,
    async send(mail) {
      await deliver(await enqueue(db, mail));
    },
    startSweeper() {
      if (timer || closed) return;
      tick();
      timer = setInterval(tick, SWEEP_EVERY_MS).unref();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await Promise.all([running, ...later]);
      transport?.close();
    },
  };
}
