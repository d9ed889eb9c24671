/**
 * Tip and rain in two browsers (issue F8 "Done when": "a tip and a rain move balances that both
 * players see"): player A types `/tip B 1.25` in the chat, reviews the tip naming B and confirms; A's
 * and B's header balances move at once (BalanceModification) and both chats show "A tipped B".
 * Then A makes it rain 1 USDT on each eligible player: the modal shows the rules and how many players
 * (B and C, who chatted and deposited today) can catch it; B's header moves again.
 * Players are fresh accounts funded by development deposits. The spec has a chat channel of its own
 * (no other spec writes in it), and the rain covers every eligible player of that channel, so a
 * player left by an earlier attempt can neither take B's or C's share nor change the balances.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { closeOpenedContexts, newContext } from './helpers/ui';
import { call } from './helpers/auth';
import { registerPlayer, serverBalance, simulateDeposit, waitForBalance, type Player } from './helpers/games';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);
test.afterEach(closeOpenedContexts);

/** The rules key of spec 1 section 3 (dated 27.06.2024), as the store persists it. */
const RULES_KEY = 'chatRulesAccepted:27.06.2024';
/** This spec's own channel: the chat spec uses casino_en. */
const CHANNEL = 'esport_en';

/** A page at 1440 px (chat open), signed in, USDT selected, the chat rules accepted. */
async function openAs(browser: Browser, user: Player): Promise<Page> {
  const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(
    ([stored, key, channel]) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('nebula:user', JSON.stringify(stored));
      const state = { currency: 'usdt', channel, locale: 'en', [key]: true };
      localStorage.setItem('nebula:settings', JSON.stringify({ state, version: 1 }));
    },
    [user, RULES_KEY, CHANNEL] as const,
  );
  // A light page: the chat is the same on every page, and the lobby's rows and images in two or
  // three browsers at once only compete with the test for the machine.
  await page.goto('/token');
  await expect(page.getByTestId('chat-messages')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  return page;
}

async function command(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('chat-input');
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

test('a tip and a rain move the balances both players see', async ({ browser }) => {
  test.setTimeout(90_000);
  const [a, b, c] = await Promise.all([
    registerPlayer('tipa'),
    registerPlayer('tipb'),
    registerPlayer('tipc'),
  ]);
  // Deposits of today also make B and C eligible for the rain.
  await Promise.all([
    simulateDeposit(a.name, 'usdt', '50'),
    simulateDeposit(b.name, 'usdt', '2'),
    simulateDeposit(c.name, 'usdt', '2'),
  ]);
  await Promise.all([waitForBalance(a.token, 50), waitForBalance(b.token, 2), waitForBalance(c.token, 2)]);
  // B and C are active in the channel (their messages go through the chat's own send call).
  await call('POST', '/api/chat/send', { message: 'gm', channel: CHANNEL }, b.token);
  await call('POST', '/api/chat/send', { message: 'gm all', channel: CHANNEL }, c.token);
  const [pageA, pageB] = await Promise.all([openAs(browser, a), openAs(browser, b)]);
  const balanceA = pageA.getByTestId('balance-amount');
  const balanceB = pageB.getByTestId('balance-amount');
  await expect(balanceA).toHaveText('50.00');
  await expect(balanceB).toHaveText('2.00');

  await test.step('A tips B by name from the chat; both balances move and both chats show it', async () => {
    await command(pageA, `/tip ${b.name} 1.25`);
    const modal = pageA.getByTestId('tip-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('tip-name')).toHaveValue(b.name);
    await expect(modal.getByTestId('tip-amount')).toHaveValue('1.25');
    await modal.getByTestId('tip-review-button').click();
    await expect(pageA.getByTestId('tip-review-name')).toHaveText(b.name);
    await pageA.getByTestId('tip-confirm').click();
    await expect(pageA.getByTestId('tip-done-text')).toHaveText(`${b.name} received 1.25 USDT.`);
    await expect(balanceA).toHaveText('48.75');
    await expect(balanceB).toHaveText('3.25');
    const line = `${a.name} tipped ${b.name} 1.25 USDT`;
    await expect(pageA.getByTestId('chat-messages')).toContainText(line);
    await expect(pageB.getByTestId('chat-messages')).toContainText(line);
    await pageA.getByTestId('tip-close').click();
  });

  await test.step('A makes it rain 1 USDT on each eligible chatter; B sees the balance move', async () => {
    // B and C at least; the rules call may answer from a cache up to 10 s old, so wait for them.
    let eligible = 0;
    await expect
      .poll(
        async () => {
          const rules = await call<{ eligible: number | null }>(
            'POST',
            '/api/chat/rain/rules',
            { channel: CHANNEL, currency: 'usdt' },
            a.token,
          );
          eligible = rules.eligible ?? 0;
          return eligible;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(2);
    await command(pageA, `/rain ${eligible} ${eligible}`);
    const modal = pageA.getByTestId('rain-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('rain-share')).toContainText('1.00 USDT');
    await expect(modal.getByTestId('rain-rules')).toContainText('made a deposit in the last 24 hours');
    await expect(modal.getByTestId('rain-eligible')).toHaveText(
      `${eligible} players in this chat can catch it right now.`,
    );
    await modal.getByTestId('rain-submit').click();
    const done = pageA.getByTestId('rain-done');
    await expect(done).toBeVisible();
    await expect(done.getByTestId('rain-recipients')).toContainText(b.name);
    await expect(done.getByTestId('rain-recipients')).toContainText(c.name);
    await expect(balanceA).toHaveText((48.75 - eligible).toFixed(2));
    await expect(balanceB).toHaveText('4.25');
    expect(await serverBalance(c.token)).toBe('3');
    await expect(pageB.getByTestId('chat-messages')).toContainText(`${a.name} made it rain ${eligible} USDT`);
  });
});
