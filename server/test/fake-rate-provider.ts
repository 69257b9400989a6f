import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeAnswer = { status: number; body: unknown } | 'hang';

/**
 * A local stand-in for an external rate provider (docs/house-style.md: fakes are local HTTP servers speaking the real
 * protocol): answers each request with the next scripted answer (the last one repeats) and counts requests.
 */
export async function startFakeRateProvider(answers: FakeAnswer[]) {
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    paths.push(request.url ?? '');
    const answer = answers[Math.min(paths.length - 1, answers.length - 1)] ?? { status: 500, body: null };
    if (answer === 'hang') return; // never answers: the caller's timeout must fire
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    get requests() {
      return paths.length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An open.er-api.com success answer. */
export const erApiRates = (rates: Record<string, number>) => ({
  result: 'success',
  base_code: 'EUR',
  time_last_update_utc: 'Tue, 01 Jul 2025 00:02:31 +0000',
  rates: { EUR: 1, ...rates },
});

/** A frankfurter.app success answer. */
export const frankfurterRates = (rates: Record<string, number>) => ({
  amount: 1,
  base: 'EUR',
  date: '2025-07-01',
  rates,
});
