import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    inFlight: InFlight;
  }
}

export type InFlight = {
  /** Requests whose handling has not ended, and background work still running. */
  readonly count: number;
  /**
   * Starts background work that uses the database (a sweep, a warm-up) unless the server is closing, and makes close
   * wait for it as it waits for a request. A failure is logged at warn level with `failure` as the message.
   */
  run(failure: string, work: () => Promise<unknown>): void;
};

/** How long close waits for running handlers; main.ts's force-exit timer leaves room for it. */
export const DRAIN_TIMEOUT_MS = 10_000;

type RequestState = { sent: boolean; cut: boolean };

/**
 * Graceful shutdown that waits for handlers, not just for connections. Fastify's close stops accepting requests and
 * waits for open connections, but a request whose client went away no longer holds one: its handler kept running
 * (argon2, then a query) after close resolved and met a closed pool ("Cannot use a pool after calling end").
 *
 * A request counts from `onRequest` until its handling ended:
 * - `onResponse`, when the response finished (Fastify 5 runs it on the response's `finish`);
 * - or, when the client aborted (the response closed unfinished: `finish` never comes, so neither does
 *   `onResponse`), at the send the handler or the error handler attempted: `onSend` still runs then, after the
 *   handler's last await. `onRequestAbort` fires at the abort itself, while the handler may still be mid-way.
 * A handler that resolves to nothing without calling `reply.send` after an abort is never sent (Fastify skips it):
 * none of ours does; such a request would hold close until the timeout, which then logs it.
 *
 * Call `drain` from an `onClose` hook added after every other one (onClose hooks run last-added first, right after
 * Fastify's own, which stops the server): the mailer and the database then close after the handlers ended.
 */
export function registerInFlight(app: FastifyInstance, { timeoutMs = DRAIN_TIMEOUT_MS } = {}) {
  const requests = new Map<FastifyRequest, RequestState>();
  const tasks = new Set<Promise<unknown>>();
  let closeStarted: number | null = null;
  let idle: (() => void) | null = null;

  const settled = () => {
    if (requests.size + tasks.size === 0) idle?.();
  };
  // A browser keeps its connection alive after a response (Fastify: 72 s), and close waits for every connection: one
  // that goes idle while the server closes is closed at once, so shutdown stays within its 10 s (README).
  const closeIdle = () => {
    if (closeStarted !== null) app.server.closeIdleConnections?.();
  };
  const finish = (request: FastifyRequest) => {
    if (requests.delete(request)) settled();
    closeIdle();
  };

  // Callback hooks, not async ones: they run on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    const state: RequestState = { sent: false, cut: false };
    requests.set(request, state);
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return; // onResponse ends it
      state.cut = true;
      if (state.sent) finish(request);
    });
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // Closing: the answer tells the client the connection ends with it, so it opens no new request on it.
    if (closeStarted !== null) reply.header('connection', 'close');
    const state = requests.get(request);
    if (state) {
      state.sent = true;
      if (state.cut) finish(request);
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    finish(request);
    done();
  });
  app.addHook('preClose', async () => {
    closeStarted = Date.now();
    closeIdle();
  });

  const inFlight: InFlight = {
    get count() {
      return requests.size + tasks.size;
    },
    run(failure, work) {
      if (closeStarted !== null) return;
      const task: Promise<unknown> = work()
        .catch((err: unknown) => app.log.warn({ err }, failure))
        .finally(() => {
          tasks.delete(task);
          settled();
        });
      tasks.add(task);
    },
  };
  app.decorate('inFlight', inFlight);

  return {
    /** Waits until no request or background work is running, at most `timeoutMs` from the start of close. */
    async drain() {
      const started = closeStarted ?? Date.now();
      closeStarted = started;
      if (inFlight.count === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        idle = resolve;
        timer = setTimeout(resolve, Math.max(0, started + timeoutMs - Date.now()));
      });
      clearTimeout(timer);
      idle = null;
      if (inFlight.count > 0) {
        app.log.warn(
          { requests: requests.size, backgroundTasks: tasks.size, timeoutMs },
          `shutdown: ${inFlight.count} handler(s) still running after ${timeoutMs} ms; closing anyway`,
        );
      }
    },
  };
}
