/**
 * Screenshots of the shell at 1440 and 390 px in every theme, for looking at (docs/screenshots).
 * Usage: E2E_BASE_URL=http://127.0.0.1:4173 npx tsx e2e/tools/screenshots.ts [path] [outDir] [prefix]
 */
import path from 'node:path';
import { chromium } from '@playwright/test';

const BASE = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3310';
const target = process.argv[2] ?? '/';
const outDir = path.resolve(process.argv[3] ?? 'docs/screenshots');
const prefix = process.argv[4] ?? 'shell';
const THEMES = ['main', 'grayTheme', 'blueTheme', 'greenTheme'];
const WIDTHS = [
  { width: 1440, height: 900, mobile: false },
  { width: 390, height: 844, mobile: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const theme of THEMES) {
  for (const size of WIDTHS) {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      isMobile: size.mobile,
      hasTouch: size.mobile,
      deviceScaleFactor: 1,
    });
    await context.addInitScript((value) => {
      if (!localStorage.getItem('nebula:settings')) {
        localStorage.setItem('nebula:settings', JSON.stringify({ state: { theme: value }, version: 1 }));
      }
    }, theme);
    const page = await context.newPage();
    await page.goto(new URL(target, BASE).toString(), { waitUntil: 'networkidle' });
    if (process.env.SCROLL_BOTTOM === '1')
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(400);
    const file = path.join(outDir, `${prefix}-${theme}-${size.width}.png`);
    await page.screenshot({ path: file, fullPage: process.env.FULL_PAGE === '1' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    console.log(file, overflow > 0 ? `HORIZONTAL OVERFLOW ${overflow}px` : 'ok');
    await context.close();
  }
}
await browser.close();
