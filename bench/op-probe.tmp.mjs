import { startServer } from './lib/server.mjs';

const s = await startServer({ port: 3730, database: { url: 'postgres://postgres@127.0.0.1:54513/opbench' } });
try {
  const signIn = async (email, password) =>
    (
      await fetch(`${s.origin}/api/sign-in/frontend`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      })
    ).headers
      .get('set-cookie')
      .split(';')[0];
  const admin = await signIn('admin@roam.localhost', 'Admin-2026!');
  const supplier = await signIn('supplier@roam.localhost', 'Supplier-2026!');
  const locations = await (await fetch(`${s.origin}/api/locations?language=en`)).json();
  const bodies = {
    all: {},
    price: { sort: 'priceAsc' },
    newest: { sort: 'newest' },
    kw: { keyword: 'clio' },
    loc: { locationId: locations[0]._id },
    avail: { availability: ['available'] },
  };
  for (const [who, cookie] of [
    ['admin', admin],
    ['supplier', supplier],
  ]) {
    for (const [name, body] of Object.entries(bodies)) {
      const times = [];
      for (let i = 0; i < 15; i++) {
        const t0 = performance.now();
        const res = await fetch(`${s.origin}/api/cars/${1 + (i % 3)}/20`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(body),
        });
        await res.arrayBuffer();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      console.log(who, name, times[7].toFixed(1), 'ms median');
    }
  }
} finally {
  await s.stop();
}
