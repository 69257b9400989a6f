// The e2e server: a real local SMTP server (npm smtp-server) whose messages are readable over HTTP, and the built
// Roam server on a fresh data directory pointed at it. Started by Playwright's webServer.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const here = path.dirname(fileURLToPath(import.meta.url));
const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
const MAILBOX_PORT = Number(process.env.E2E_MAILBOX_PORT ?? 3126);

/** @type {{to: string[], subject: string, text: string, html: string, date: string, attachments: {filename: string, contentType: string, content: string}[]}[]} */
const messages = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          date: new Date().toISOString(),
          // The files sent with it (the confirmation's receipt and calendar file), base64.
          attachments: mail.attachments.map((file) => ({
            filename: file.filename ?? '',
            contentType: file.contentType,
            content: file.content.toString('base64'),
          })),
        });
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(SMTP_PORT, '127.0.0.1');

const mailbox = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const to = url.searchParams.get('to');
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages));
});
mailbox.listen(MAILBOX_PORT, '127.0.0.1');

const dataDir = mkdtempSync(path.join(tmpdir(), 'roam-e2e-'));
const server = spawn(process.execPath, [path.resolve(here, '../../server/dist/main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_FROM: 'Roam <no-reply@roam.localhost>',
    HIDE_SUPPLIERS: 'false',
    LOG_LEVEL: 'warn',
    // The journeys sign in some hundred times; argon2id at production cost made each wait ~0.2 s of a shared core.
    // Hashing at production cost is the server suite's (auth.service.test.ts) and the reliability suite's.
    PASSWORD_HASH_COST: 'low',
    MAP_TILE_URL: `http://127.0.0.1:${MAILBOX_PORT}/tiles/{z}/{x}/{y}.png`,
    // Nothing leaves the machine: the bundled rate snapshot. The country comes from a header a test can set
    // (page.setExtraHTTPHeaders); without it the answer is null and the default language applies, as before.
    RATE_PROVIDERS: 'none',
    COUNTRY_HEADER: 'x-e2e-country',
    SET_LANGUAGE_FROM_IP: 'true',
  },
});

const stop = () => {
  server.kill('SIGTERM');
  smtp.close();
  mailbox.close();
};
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
