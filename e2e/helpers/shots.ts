import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** The environment variables that name a folder for the specs' screenshots. */
export type ShotFolder = 'ADMIN_SCREENSHOTS' | 'DISPLAY_SCREENSHOTS' | 'E2E_SHOTS' | 'SPORTS_SCREENSHOTS';

/**
 * Screenshots a spec keeps for a person to look at (never compared with anything): written to the
 * folder `variable` names, only when it is set (`ADMIN_SCREENSHOTS=/tmp/shots npx playwright test ...`).
 * `dir` is that folder or null, for specs that take extra steps only to show them.
 */
export function screenshots(
  variable: ShotFolder,
  defaults: { fullPage?: boolean } = {},
): { dir: string | null; shot: (page: Page, name: string) => Promise<void> } {
  const value = process.env[variable];
  const dir = value ? path.resolve(value) : null;
  return {
    dir,
    async shot(page, name) {
      if (!dir) return;
      fs.mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: defaults.fullPage ?? false });
    },
  };
}
