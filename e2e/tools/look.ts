import { chromium } from 'playwright-core';
import { apiLogin } from '../helpers/auth';
const BASE = process.env.E2E_BASE_URL!;
const pw = process.env.PW!;
const routes = (process.env.ROUTES ?? '/').split(',');
(async () => {
  const user = await apiLogin('player', pw);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  for (const [w, h] of [[1440, 900], [390, 844]] as const) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    await ctx.addInitScript((u) => localStorage.setItem('nebula:user', JSON.stringify(u)), user);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    for (const r of routes) {
      await page.goto(BASE + r);
      await page.waitForTimeout(3500);
      const name = `/tmp/shots/${r.replace(/\W+/g, '_') || 'home'}-${w}.png`;
      await page.screenshot({ path: name });
      console.log(name, errors.splice(0).join(' | '));
    }
    await ctx.close();
  }
  await browser.close();
})();
