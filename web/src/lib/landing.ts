import type { User } from '@roam/contract/users';

/**
 * Where a person lands once an account form of theirs signs them in (the first admin's, an activation): an
 * operator in the console, whose home is the set-up checklist while the business is not ready; anyone else on the
 * home page. The console is another page (server/src/plugins/web-app.ts): loaded, not routed.
 */
export async function landSignedIn(user: Pick<User, 'type'>, navigate: (path: string) => unknown): Promise<void> {
  if (user.type === 'supplier' || user.type === 'admin') return window.location.assign('/operator');
  await navigate('/');
}
