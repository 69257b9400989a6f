import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { UNSTORABLE_TEXT_LOG } from '#server/plugins/error-handler.ts';
import { createSecurityApp, type SecurityApp } from '#test/security-app.ts';
import { isFreeText, type JsonSchema, mutate, type Sampler, sample } from './fuzz-samples.ts';

// The second outside audit, items 9, 10 and 16: a NUL byte in a text field, a rental to the year 2327, an amount in
// dong or a date of the year 1 answered 500. The seeded fuzz (fuzz.test.ts) sends malformed requests, which the
// schemas refuse at the door; this sends well-formed ones — made from each route's own schema (fuzz-samples.ts) —
// with control characters in every free-text field, and with extreme numbers in every number, to every route, as
// the admin (who passes every route's auth). No answer may be a 5xx, and no such value may reach the database
// unchecked (the error handler's warnings for text or a number a schema let through). FUZZ_REPORT=1 prints every
// answer, to see how deep each route's well-formed request got.

type Operation = {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema: JsonSchema; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
};
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const CONTROL = '\u0000\u0007\u001b';
const EXTREMES = [1e308, -1e308, 2_147_483_648, 0.5];
const isNumber = (schema: JsonSchema) => schema.type === 'number' || schema.type === 'integer';
/** The log lines that say a value the contract let through failed at the database (plugins/error-handler.ts). */
const UNCHECKED = new RegExp(`${UNSTORABLE_TEXT_LOG}|did not fit its column`);

describe('security: control characters and extreme numbers in well-formed requests to every route', () => {
  let t: SecurityApp;
  let doc: OpenApi;
  let sampler: Sampler;
  beforeAll(async () => {
    t = await createSecurityApp();
    doc = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    sampler = { resolve: (ref) => doc.components?.schemas?.[ref.split('/').pop() ?? ''] ?? {} };
  });
  afterAll(() => t.close());

  /** The route's URL with its path and query parameters given `value(parameter)`. */
  const urlOf = (path: string, operation: Operation, value: (p: { name: string; schema: JsonSchema }) => unknown) => {
    let url = path;
    const query = new URLSearchParams();
    for (const parameter of operation.parameters ?? []) {
      const given = String(value(parameter));
      if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(given));
      else if (parameter.in === 'query') query.set(parameter.name, given);
    }
    const search = query.toString();
    return search ? `${url}?${search}` : url;
  };

  it('never answers 5xx, and nothing unchecked reaches the database', { timeout: 600_000 }, async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
        .filter(() => !path.startsWith('/api/docs'))
        .map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
    );
    expect(operations.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let sent = 0;
    for (const { path, method, operation } of operations) {
      // A fresh admin session for each route: a route before may have signed it out.
      const [headers] = await t.asMany([DEMO_ACCOUNTS.admin.id]);
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const body = bodySchema ? sample(bodySchema, sampler) : undefined;
      const plain = (p: { name: string; schema: JsonSchema }) => sample(p.schema, sampler, p.name);
      const variants: { label: string; url: string; payload: unknown }[] = [];
      const texts = bodySchema ? mutate(body, bodySchema, sampler, isFreeText, (v) => `${v}${CONTROL}`) : null;
      variants.push({
        label: `control characters in ${texts?.paths.join(', ') || 'the query'}`,
        url: urlOf(path, operation, (p) => (isFreeText(p.schema) ? `${plain(p)}${CONTROL}` : plain(p))),
        payload: texts?.value,
      });
      for (const extreme of EXTREMES) {
        const numbers = bodySchema ? mutate(body, bodySchema, sampler, isNumber, () => extreme) : null;
        variants.push({
          label: `${extreme} in ${numbers?.paths.join(', ') || 'the numbers of the path and query'}`,
          url: urlOf(path, operation, (p) => (isNumber(p.schema) ? extreme : plain(p))),
          payload: numbers?.value,
        });
      }
      for (const variant of variants) {
        sent += 1;
        // This request's log lines all come after the ones already kept: only those are read (reading the whole log
        // for each of ~800 requests read it ~800 times over, as it grew).
        const before = t.logLines.length;
        const res = await t.inject({
          method: method as 'POST',
          url: variant.url,
          headers,
          ...(variant.payload !== undefined ? { payload: variant.payload as object } : {}),
        });
        const id = String(res.headers['x-request-id']);
        const logged = t.logLines.slice(before).filter((line) => line.includes(id));
        if (res.statusCode >= 500)
          failures.push(`${method} ${path} (${variant.label}) → ${res.statusCode} ${logged.join(' ').slice(0, 400)}`);
        if (process.env.FUZZ_REPORT)
          console.log(`${res.statusCode} ${method} ${path} ${variant.label.slice(0, 60)} ${res.body.slice(0, 160)}`);
        const unchecked = logged.filter((line) => UNCHECKED.test(line));
        if (unchecked.length > 0) failures.push(`${method} ${path} (${variant.label}): ${unchecked.join(' ')}`);
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
    expect((await t.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
