import puppeteer from 'puppeteer-core';
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--force-prefers-reduced-motion'] });
for (const path of ['/', '/blog', '/blog/1', '/sparkai-academy', '/privacy-policy', '/terms-conditions', '/subscription-success?plan=innovator', '/login', '/no-such-page']) {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.log(path, 'pageerror', String(e).slice(0, 150)));
  await page.goto('http://127.0.0.1:5131' + path);
  await new Promise((r) => setTimeout(r, 1500));
  await page.close();
}
await browser.close();
