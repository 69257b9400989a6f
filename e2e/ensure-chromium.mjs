// E2E runs in Debian's Chromium (docs/architecture.md §6): install it when missing (as root), never a downloaded browser.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(`${CHROMIUM} is missing: run 'sudo apt-get install -y chromium' and try again.`);
    process.exit(1);
  }
  console.log('Installing Debian chromium for the end-to-end tests…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}
