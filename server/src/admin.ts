import { migrateDatabase, openDatabase } from '#server/db/client.ts';
import { resetAdminPassword } from '#server/features/auth/admins.service.ts';
import { findUserByEmail } from '#server/features/auth/auth.repository.ts';
import { resetTwoFactor } from '#server/features/team/two-factor.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

// `npm run admin -- …`: what a locked-out operator does from the shell, with the server's own settings
// (the same environment as `npm start`). On the embedded database stop the server first: one process at a time.

const USAGE = `Usage: npm run admin -- reset-password <admin e-mail> [--password-stdin]
       npm run admin -- reset-2fa <e-mail>

  reset-password   Sets a new password on an admin account, signs it out everywhere and lifts a suspension.
                   Without --password-stdin a random password is made and printed here, once.
  --password-stdin Reads the new password from standard input (at least 12 characters), e.g.
                   printf '%s' "$NEW_PASSWORD" | npm run admin -- reset-password boss@example.com --password-stdin
  reset-2fa        Removes the two-step sign-in of any account (a lost phone and recovery codes) and signs it out
                   everywhere; its next sign-in asks only the password (and enrolment, where its team requires it).`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function main(args: string[]): Promise<number> {
  const [command, email, ...flags] = args;
  const known = command === 'reset-password' || (command === 'reset-2fa' && flags.length === 0);
  if (!known || !email || flags.some((flag) => flag !== '--password-stdin')) {
    console.error(USAGE);
    return 64;
  }
  const password = flags.includes('--password-stdin') ? await readStdin() : undefined;
  if (password !== undefined && password.length < 12) {
    console.error('The password must be at least 12 characters long.');
    return 65;
  }
  const config = loadConfig();
  const database = await openDatabase(
    config.database.kind === 'pglite' ? { kind: 'pglite', dataDir: config.database.dataDir } : config.database,
  );
  try {
    await migrateDatabase(database);
    const app = await buildApp({ config, database, logger: false, webDist: null });
    try {
      if (command === 'reset-2fa') {
        const user = await findUserByEmail(app.context.db, email);
        if (!user) throw new AppError('NOT_FOUND', `No account has the address ${email}.`);
        await resetTwoFactor(app.context, null, user.id);
        console.log(`Two-step sign-in of ${user.email} is removed; every session of the account is signed out.`);
        return 0;
      }
      const reset = await resetAdminPassword(app.context, email, password);
      console.log(`The password of ${reset.user.email} is changed; every session of the account is signed out.`);
      if (password === undefined) console.log(`New password (shown once): ${reset.password}`);
      return 0;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof AppError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
