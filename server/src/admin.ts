import { migrateDatabase, openDatabase } from '#server/db/client.ts';
import { resetAdminPassword } from '#server/features/auth/admins.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

// `npm run admin -- …` (issue #26): what a locked-out operator does from the shell, with the server's own settings
// (the same environment as `npm start`). On the embedded database stop the server first: one process at a time.

const USAGE = `Usage: npm run admin -- reset-password <admin e-mail> [--password-stdin]

  reset-password   Sets a new password on an admin account, signs it out everywhere and lifts a suspension.
                   Without --password-stdin a random password is made and printed here, once.
  --password-stdin Reads the new password from standard input (at least 12 characters), e.g.
                   printf '%s' "$NEW_PASSWORD" | npm run admin -- reset-password boss@example.com --password-stdin`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function main(args: string[]): Promise<number> {
  const [command, email, ...flags] = args;
  if (command !== 'reset-password' || !email || flags.some((flag) => flag !== '--password-stdin')) {
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
