import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './auth.service.ts';

// The one place the suites hash at production cost on purpose (the test apps hash at `low`: test-app.ts says why).

describe('password hashing', () => {
  it('hashes with argon2id at production cost: 64 MiB, 3 passes, 4 lanes, a salt of its own each time', async () => {
    const [one, two] = await Promise.all([
      hashPassword('Driver-2026!', 'production'),
      hashPassword('Driver-2026!', 'production'),
    ]);
    expect(one).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(two).not.toBe(one);
    expect(await verifyPassword(one, 'Driver-2026!', 'production')).toBe(true);
    expect(await verifyPassword(one, 'driver-2026!', 'production')).toBe(false);
  });

  it("verifies a hash at the cost it records, whatever the process's setting; no hash is never a match", async () => {
    const low = await hashPassword('Driver-2026!', 'low');
    expect(low).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await verifyPassword(low, 'Driver-2026!', 'production')).toBe(true);
    expect(await verifyPassword(null, 'Driver-2026!', 'low')).toBe(false);
    expect(await verifyPassword('not a hash', 'Driver-2026!', 'low')).toBe(false);
  });
});
