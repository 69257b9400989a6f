import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { redactUrl, serializeError } from './logger.ts';

describe('redactUrl', () => {
  it('removes the password the spec puts in the check-password URL', () => {
    expect(redactUrl('/api/check-password/42/hunter2')).toBe('/api/check-password/42/[redacted]');
  });
  it('removes one-time tokens and reCAPTCHA tokens', () => {
    expect(redactUrl('/api/check-token/frontend/42/a%40b.c/secret-token')).toBe(
      '/api/check-token/frontend/42/a%40b.c/[redacted]',
    );
    expect(redactUrl('/api/verify-recaptcha/tok/1.2.3.4')).toBe('/api/verify-recaptcha/[redacted]/1.2.3.4');
    expect(redactUrl('/reset-password?u=1&token=abc&x=2')).toBe('/reset-password?u=1&token=[redacted]&x=2');
    // The screens the e-mailed links and the set-up link open.
    expect(redactUrl('/activate?u=1&e=a%40b.c&t=abc')).toBe('/activate?u=1&e=a%40b.c&t=[redacted]');
    expect(redactUrl('/setup?t=abc')).toBe('/setup?t=[redacted]');
    expect(redactUrl('/api/setup/abc')).toBe('/api/setup/[redacted]');
    expect(redactUrl('/newsletter/confirm?t=secret')).toBe('/newsletter/confirm?t=[redacted]');
  });
  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/settings')).toBe('/api/settings');
  });
});

describe('serializeError (second audit, item 9: no personal data in error logs)', () => {
  it('keeps a failed query and its database error, without the parameters, the detail or quoted values', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    try {
      await database.db.execute(sql`create table people (email text primary key)`);
      await database.db.execute(sql`insert into people values (${'camille.secret@example.com'})`);
      const errors: unknown[] = [];
      for (const statement of [
        sql`insert into people values (${'camille.secret@example.com'})`,
        sql`select ${'camille.secret@example.com'}::uuid`,
        sql`insert into people values (${'Evil\u0000camille.secret@example.com'})`,
      ])
        await database.db.execute(statement).catch((error: unknown) => errors.push(error));
      expect(errors).toHaveLength(3);
      for (const error of errors) {
        const logged = JSON.stringify(serializeError(error));
        expect(logged).not.toContain('camille');
        expect(logged).toContain('Failed query: ');
      }
      // What it was is still there: the SQLSTATE and the constraint of the duplicate, the statement with its $1.
      expect(serializeError(errors[0])).toMatchObject({
        message: 'Failed query: insert into people values ($1)',
        cause: { code: '23505', constraint: 'people_pkey' },
      });
    } finally {
      await database.close();
    }
  });

  it('tells an ordinary error as pino does, its cause included', () => {
    const error = new Error('outer', { cause: new Error('inner') });
    expect(serializeError(error)).toMatchObject({ type: 'Error', message: 'outer', cause: { message: 'inner' } });
  });
});
