import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

// PGlite runs every statement on its one backend, one at a time: what a statement costs there, every other waits for
// (ten operators on the dashboard queue behind each other). Its `query` sends each statement unnamed: PostgreSQL parses
// and plans it again each time, and asks the size of every table and index it names of the file system (a system
// call each) — for the dashboard's statements a third of their time. Here the reads keep their plans: a read is
// prepared once as a named statement (its parameters' types kept), then each call only binds and executes it, in one
// round to the backend instead of six. PostgreSQL's plan cache does the rest, as for any client that prepares: five
// plans made for the values given, then the generic plan when it costs no more, and a new plan when a table it reads
// is altered or analysed. Writes go PGlite's way (its file-system sync, blobs, notifications to listeners). On
// PostgreSQL nothing changes: each of the pool's connections plans for itself.

/** How many statements a process keeps prepared: the server's distinct reads are a few hundred; the oldest used goes. */
export const KEPT_PLANS = 256;

/** A read: one SELECT (or WITH … SELECT) writing nothing. The words are a cheap guard, not a parser: when in doubt, not kept. */
const READ = /^\s*(select|with)\b/i;
const WRITES = /\b(insert|update|delete|merge|copy|lock|nextval|setval|pg_notify|set_config)\b/i;
export const isKeptRead = (text: string) => READ.test(text) && !WRITES.test(text);

type Kept = { name: string; types: number[] };

/**
 * Makes `client.query` keep the plans of reads (see above). Returns how many statements are kept (for tests).
 * Must be called before anything queries the client through Drizzle (it replaces the method Drizzle calls).
 */
export function keepReadPlans(client: PGlite, size = KEPT_PLANS): { kept(): number } {
  const plain = client.query.bind(client) as PGlite['query'];
  const kept = new Map<string, Kept>();
  let counter = 0;

  const send = (...messages: Uint8Array[]) => {
    const buffer = new Uint8Array(messages.reduce((total, message) => total + message.length, 0));
    let at = 0;
    for (const message of messages) {
      buffer.set(message, at);
      at += message.length;
    }
    return client.execProtocolStream(buffer, { syncToFs: false });
  };

  /** Prepares `text` under a new name and keeps it; the oldest used goes when the cache is full. */
  async function prepare(text: string, options: QueryOptions | undefined): Promise<Kept> {
    const name = `roam_${++counter}`;
    const described = await send(
      protocol.serialize.parse({ name, text, types: options?.paramTypes }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    );
    const statement = { name, types: parse.parseDescribeStatementResults(described) };
    kept.set(text, statement);
    if (kept.size > size) await forget(kept.keys().next().value!);
    return statement;
  }

  /** Lets go of a kept statement (evicted, or its plan no longer fits the tables). */
  async function forget(text: string) {
    const statement = kept.get(text);
    if (!statement) return;
    kept.delete(text);
    await send(protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync());
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let statement = kept.get(text);
    if (statement) {
      // The most recently used last: the map's first entry is the one to let go.
      kept.delete(text);
      kept.set(text, statement);
    } else {
      statement = await prepare(text, options);
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.types[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await send(
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    );
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  client.query = (<T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (!isKeptRead(text) || options?.blob) return plain<T>(text, params, options);
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          try {
            return await run<T>(text, params, options);
          } catch (error) {
            // A kept plan whose result no longer fits its tables (`select *` after a column was added): prepared again.
            if (!(error instanceof Error && 'code' in error && error.code === '0A000')) throw error;
            await forget(text);
            return await run<T>(text, params, options);
          }
        } catch (error) {
          // As PGlite's own query: the statement and its values on the error (the server's log, pg-error.ts).
          if (error && typeof error === 'object' && 'severity' in error) Object.assign(error, { query: text, params });
          throw error;
        }
      }),
    );
  }) as PGlite['query'];

  return { kept: () => kept.size };
}
