import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3650';
const [who, path, lang, width, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.goto(base + '/');
const pw = who.startsWith('admin') || who.startsWith('support') ? 'Admin-2026!' : 'Supplier-2026!';
await page.evaluate(async ([email, password]) => {
  const r = await fetch('/api/sign-in/frontend', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, stayConnected: false }) });
  localStorage.setItem('roam.user', JSON.stringify(await r.json()));
}, [who, pw]);
await page.goto(base + path + (path.includes('?') ? '&' : '?') + 'l=' + lang);
await page.waitForTimeout(2500);
await page.screenshot({ path: out, fullPage: true });
console.log(page.url());
await browser.close();
