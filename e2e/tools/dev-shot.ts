/**
 * Development aid (not a test): signs in as the demo `player` on a running dev server, opens a page,
 * optionally runs clicks, and saves screenshots at 1440 and 390 px.
 * Usage: E2E_BASE_URL=http://127.0.0.1:5173 npx tsx e2e/tools/dev-shot.ts <path> <out-prefix> [testid-to-click ...]
 */
import { chromium } from '@playwright/test';
import { BASE_URL, CHROMIUM_PATH } from '../playwright.config';
import { apiLogin } from '../helpers/auth';

const [pathArg = '/', prefix = '/tmp/shots/page', ...clicks] = process.argv.slice(2);
const user = await apiLogin('player', process.env.DEMO_PASSWORD ?? 'demo-pass-123');
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
for (const width of [1440, 390]) {
  const page = await browser.newPage({ viewport: { width, height: width > 500 ? 900 : 844 } });
  await page.addInitScript((u) => {
    localStorage.setItem('nebula:user', JSON.stringify(u));
    localStorage.setItem('nebula:settings', JSON.stringify({ state: { currency: 'usdt' }, version: 1 }));
  }, user);
  await page.goto(`${BASE_URL}${pathArg}`);
  await page.getByTestId('game-frame').or(page.locator('main')).first().waitFor();
  await page.waitForTimeout(Number(process.env.SHOT_WAIT ?? 4000));
  for (const click of clicks) {
    if (click.startsWith('fill:')) {
      const [, id, value] = click.split(':');
      await page.getByTestId(id!).fill(value!);
      await page.getByTestId(id!).blur();
    } else if (click.startsWith('wait:')) {
      await page.waitForTimeout(Number(click.slice(5)));
    } else {
      await page.getByTestId(click).first().click();
      await page.waitForTimeout(900);
    }
  }
  await page.screenshot({ path: `${prefix}-${width}.png`, fullPage: width < 500 });
}
await browser.close();
