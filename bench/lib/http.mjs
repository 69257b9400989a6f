// HTTP as the benches' drivers send it: each request from a loopback address of its own (the server limits
// checkouts and unpaid bookings per address; the benches contend for cars, not for the limits).
import http from 'node:http';

/** The `n`-th guest's address: 127.1.0.1, 127.1.0.2, … (all of 127.0.0.0/8 is the loopback on Linux). */
export const addressOf = (n) => `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/** A JSON POST sent from `from`, on a connection of its own; resolves to { status, json }. */
export function postFrom(url, origin, from, body) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), origin },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          let json = {};
          try {
            json = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
