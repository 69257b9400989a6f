import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { hashPassword } from '#server/features/auth/auth.service.ts';
import { createTestApp } from '#test/test-app.ts';
import { registerInFlight } from './in-flight.ts';

type LogLine = { level: number; msg: string; req?: { url?: string }; [key: string]: unknown };

/** Log lines kept in memory, and a way to wait for the first one that matches. */
function logCapture() {
  const lines: LogLine[] = [];
  const waiters: { match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  return {
    lines,
    stream: {
      write(text: string) {
        const line = JSON.parse(text) as LogLine;
        lines.push(line);
        for (const waiter of waiters.filter(({ match }) => match(line))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      },
    },
    next(match: (line: LogLine) => boolean) {
      return new Promise<LogLine>((resolve) => waiters.push({ match, resolve }));
    },
  };
}

/** Sends a whole HTTP request over a fresh socket and returns the socket (the caller drops it). */
async function sendRaw(port: number, method: string, path: string, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.on('error', () => {});
  socket.write(
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  return socket;
}

describe('graceful shutdown', () => {
  it('waits for a sign-in whose client went away before the database closes', async () => {
    const log = logCapture();
    const t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
    let closed = false;
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const { driver } = DEMO_ACCOUNTS;
      // The driver's password hashed at production cost, as a real account's is (the template's are `low`): the
      // sign-in spends its ~0.2 s in argon2 while the server is told to stop.
      await t.db
        .update(users)
        .set({ passwordHash: await hashPassword(driver.password, 'production') })
        .where(eq(users.id, driver.id));
      const sessionsBefore = await t.db.select().from(sessions).where(eq(sessions.userId, driver.id));

      // The server has the request (logged just before its onRequest hooks run): the client gives up at once, and
      // the server is told to stop while the handler is still in argon2 or a query (a sign-in takes tens of ms).
      const received = log.next((line) => line.msg === 'incoming request' && line.req?.url === '/api/sign-in/frontend');
      const socket = await sendRaw(
        port,
        'POST',
        '/api/sign-in/frontend',
        JSON.stringify({ email: driver.email, password: driver.password, stayConnected: false }),
      );
      await received;
      socket.destroy();
      await t.app.close();

      // As main.ts does next, the database may now close: the handler must already have done all its work.
      const sessionsAfter = await t.db.select().from(sessions).where(eq(sessions.userId, driver.id));
      expect(sessionsAfter).toHaveLength(sessionsBefore.length + 1);
      await t.close();
      closed = true;
      expect(log.lines.filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      if (!closed) await t.close();
    }
  });

  it('waits at most its timeout, then names how many handlers and background tasks were still running', async () => {
    const log = logCapture();
    const app = Fastify({ logger: { level: 'warn', stream: log.stream } });
    const inFlight = registerInFlight(app, { timeoutMs: 150 });
    let release = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    let handled = false;
    app.post('/stuck', async () => {
      await stuck;
      handled = true;
      return { ok: true };
    });
    app.addHook('onClose', async () => inFlight.drain());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const socket = await sendRaw(port, 'POST', '/stuck', '{}');
    while (app.inFlight.count === 0) await new Promise((resolve) => setImmediate(resolve));
    socket.destroy();
    app.inFlight.run('sweep failed', () => stuck);
    const closing = Date.now();
    await app.close();
    expect(Date.now() - closing).toBeGreaterThanOrEqual(140);
    expect(handled).toBe(false);
    expect(log.lines.filter((line) => line.level === 40)).toEqual([
      expect.objectContaining({ requests: 1, backgroundTasks: 1, msg: expect.stringMatching(/^shutdown: 2 handler/) }),
    ]);
    // Background work is not started once close has begun.
    let ran = false;
    app.inFlight.run('never', async () => {
      ran = true;
    });
    expect(ran).toBe(false);
    release();
  });

  it('closes a browser connection kept alive at once when its last response is sent, within the 10 s', async () => {
    const app = Fastify({ logger: false });
    const inFlight = registerInFlight(app);
    let release = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.get('/slow', async () => {
      await slow;
      return { ok: true };
    });
    app.get('/fast', async () => ({ ok: true }));
    app.addHook('onClose', async () => inFlight.drain());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    // A browser: two keep-alive connections, one idle after its response, one waiting for a slow answer.
    const browser = new http.Agent({ keepAlive: true, maxSockets: 2 });
    const get = (path: string) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        http
          .get({ port, host: '127.0.0.1', path, agent: browser }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          })
          .on('error', reject);
      });
    expect((await get('/fast')).status).toBe(200);
    const pending = get('/slow');
    while (app.inFlight.count === 0) await new Promise((resolve) => setImmediate(resolve));
    const closing = Date.now();
    const closed = app.close();
    setTimeout(release, 100);
    // The answer under way tells the browser the connection ends with it.
    expect(await pending).toEqual({ status: 200, connection: 'close' });
    await closed;
    // Fastify keeps a connection alive 72 s: close must not wait for it.
    expect(Date.now() - closing).toBeLessThan(2_000);
    browser.destroy();
  }, 15_000);
});
