/** Page-side helpers for the identity e2e. */
import {
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';

/**
 * Waits until the ALTCHA widget in `scope` has solved its challenge. The widget starts by itself
 * when the form gets focus; when it sits idle (or failed), the test ticks it like a player would.
 */
export async function solveCaptchaWidget(scope: Locator): Promise<void> {
  const captcha = scope.getByTestId('captcha');
  await expect(captcha.locator('altcha-widget')).toBeAttached({ timeout: 15_000 });
  let idleSince = 0;
  await expect
    .poll(
      async () => {
        const state = await captcha.getAttribute('data-state');
        if (state === 'unverified' || state === 'error' || state === 'expired') {
          idleSince ||= Date.now();
          if (Date.now() - idleSince > 500) {
            idleSince = 0;
            // The widget's check mark overlays its box: a player's click lands on it, so force the click.
            await captcha.locator('altcha-widget').getByRole('checkbox').click({ force: true });
          }
        } else idleSince = 0;
        return state;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe('verified');
}

export function authModal(page: Page): Locator {
  return page.getByTestId('auth-modal');
}

export function field(scope: Locator, label: string): Locator {
  return scope.getByLabel(label, { exact: true });
}

/** The toast list's entries with this text (a string matches case-insensitively anywhere; use a RegExp such as /^Success$/ for the exact text). */
export function toastWith(page: Page, text: string | RegExp): Locator {
  return page.locator('.ui-toast').filter({ hasText: text });
}

export async function openAuth(page: Page, mode: 'sign-in' | 'sign-up'): Promise<Locator> {
  await page.getByTestId(mode).click();
  const modal = authModal(page);
  // The dialogs' module loads on the first open (app/auth-modal-host.tsx): on a busy machine that
  // fetch and its first render took more than the usual 7 s.
  await expect(modal).toBeVisible({ timeout: 15_000 });
  return modal;
}

export async function signOutFromMenu(page: Page): Promise<void> {
  await page.getByTestId('header').getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('option', { name: 'Log out' }).click();
  await expect(page.getByTestId('sign-in')).toBeVisible();
}

export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('nebula:user');
    return raw ? (JSON.parse(raw) as { token?: string }).token : undefined;
  });
  if (!token) throw new Error('no signed-in user in the page');
  return token;
}

/**
 * How long a cold start of the app may take: its modules, the route's module and the first render,
 * while the other worker's browsers and the server share the machine's two cores. Later waits are for
 * what the page does, with the usual expect timeout.
 */
const COLD_START_MS = 30_000;

/** Waits until the app is past its start-up splash: the shell and the route's page are rendered. */
export async function pageReady(page: Page): Promise<void> {
  await expect(page.locator('main#main')).toBeVisible({ timeout: COLD_START_MS });
}

/** Opens `url` (a full page load) and waits for the app to be past its start-up splash. */
export async function gotoPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await pageReady(page);
}

/**
 * Browser contexts a test opened itself, closed after the test whether it passed or failed: a context
 * left open keeps its pages polling and animating (a crash round, say) for the rest of the worker's
 * tests, which then run on a busier machine.
 */
const opened = new Set<BrowserContext>();

/** `browser.newContext`, closed by {@link closeOpenedContexts} (each spec's `afterEach`). */
export async function newContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  opened.add(context);
  return context;
}

/** Closes every context {@link newContext} opened (closing one twice is harmless). */
export async function closeOpenedContexts(): Promise<void> {
  const contexts = [...opened];
  opened.clear();
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
}
