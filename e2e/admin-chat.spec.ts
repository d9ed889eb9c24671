/**
 * The back office's chat moderation (issue 21 item 6), against the real server: a player posts in the
 * chat; the moderator (the development demo account, role chat_moderator) finds the message in
 * /admin/chat by its text, removes it (it disappears from the player's chat at once), mutes the player
 * with a reason (the player's chat shows 'Chat is muted until ...' and a send is refused with the
 * spec's text), finds the mute in the Mutes tab and lifts it (the player can write again).
 * ADMIN_SCREENSHOTS=dir saves the screen's tabs at 1440 and 390 px.
 */
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './global-setup';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { apiLogin, call, HttpError, uniqueSuffix } from './helpers/auth';
import { registerPlayer } from './helpers/games';
import { closeOpenedContexts, newContext, toastWith } from './helpers/ui';
import { screenshots } from './helpers/shots';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);
test.afterEach(closeOpenedContexts);

const { dir: SHOTS, shot } = screenshots('ADMIN_SCREENSHOTS', { fullPage: true });
/** The rules key of spec 1 section 3 (dated 27.06.2024), as the store persists it. */
const RULES_KEY = 'chatRulesAccepted:27.06.2024';

interface SignedIn {
  _id: string;
  name: string;
  token: string;
}

/** A page with `user` signed in (and, for a player, the chat rules accepted). */
async function signedInPage(browser: Browser, user: SignedIn, width = 1440): Promise<Page> {
  const context = await newContext(browser, { viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(
    ([stored, key]) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('nebula:user', JSON.stringify(stored));
      localStorage.setItem(
        'nebula:settings',
        JSON.stringify({ state: { channel: 'casino_en', locale: 'en', [key]: true }, version: 1 }),
      );
    },
    [user, RULES_KEY] as const,
  );
  return page;
}

test('a moderator finds a message in /admin/chat, removes it and mutes its sender', async ({ browser }) => {
  test.setTimeout(SHOTS ? 240_000 : 150_000);
  const [player, moderator] = await Promise.all([
    registerPlayer('chatmod'),
    apiLogin('moderator', DEMO_PASSWORD),
  ]);
  const run = uniqueSuffix();
  const hello = `buy cheap coins ${run}`;

  const chat = await signedInPage(browser, player);
  await chat.goto('/token');
  await expect(chat.getByTestId('chat-messages')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  const said = chat.getByTestId('chat-message').filter({ hasText: hello });

  await test.step('the player posts a message', async () => {
    await chat.getByTestId('chat-input').fill(hello);
    await chat.getByTestId('chat-input').press('Enter');
    await expect(said).toBeVisible();
  });

  const page = await signedInPage(browser, moderator);
  await page.goto('/admin/chat');
  await expect(page.getByTestId('admin-layout')).toBeVisible({ timeout: 30_000 });
  const row = page.getByTestId('chat-admin-row').filter({ hasText: hello });

  await test.step('the moderator finds it by its text', async () => {
    await expect(page.getByRole('heading', { name: 'Chat moderation' })).toBeVisible();
    await page.getByTestId('chat-admin-search').fill(run);
    await expect(page.getByTestId('chat-admin-row')).toHaveCount(1);
    await expect(row).toContainText(player.name);
    await expect(row).toContainText('Casino · EN');
    await shot(page, 'chat-messages-1440');
  });

  await test.step('removes it: gone from the player’s chat at once, shown as removed here', async () => {
    await row.getByTestId('chat-remove').click();
    await row.getByTestId('chat-remove-confirm').click();
    await expect(toastWith(page, 'Message removed from Casino · EN')).toBeVisible();
    await expect(said).toHaveCount(0);
    await expect(row).toContainText(`Removed by ${moderator.name}`);
    await expect(row.getByTestId('chat-remove')).toHaveCount(0);
  });

  await test.step('mutes the player with a reason: the player’s next message is refused', async () => {
    await row.getByTestId('chat-mute').click();
    const form = row.getByTestId('chat-mute-form');
    await form.getByTestId('chat-mute-submit').click();
    await expect(form.getByRole('alert')).toHaveText('Give a reason.');
    await form.getByTestId('chat-mute-minutes').selectOption('1440');
    await form.getByTestId('chat-mute-reason').fill('Spamming links');
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'chat-mute-1440.png') });
    await form.getByTestId('chat-mute-submit').click();
    await expect(toastWith(page, `${player.name} is muted until`)).toBeVisible();
    await expect(row).toContainText('Muted until');
    await expect(row.getByTestId('chat-unmute')).toBeVisible();
    // The player's chat turns into the muted notice at once (ChatMute), and a send is refused.
    await expect(chat.getByTestId('chat-muted')).toContainText('Chat is muted until');
    const refused = await call(
      'POST',
      '/api/chat/send',
      { message: 'let me talk', channel: 'casino_en' },
      player.token,
    ).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).body).toMatchObject({
      code: 2,
      message: expect.stringMatching(/^Chat is muted until /),
    });
  });

  await test.step('the mute is listed with its reason; lifting it lets the player write again', async () => {
    await page.getByRole('tab', { name: 'Mutes' }).click();
    await page.getByTestId('chat-mutes-search').fill(player.name);
    const mute = page.locator(`[data-testid="chat-mute-row"][data-name="${player.name}"]`);
    await expect(mute).toContainText('Spamming links');
    await expect(mute).toContainText(moderator.name);
    await shot(page, 'chat-mutes-1440');
    await mute.getByTestId('chat-mutes-unmute').click();
    await expect(toastWith(page, `${player.name} can write again.`)).toBeVisible();
    await expect(mute).toHaveCount(0);
    await expect(chat.getByTestId('chat-input')).toBeVisible();
  });

  await test.step('rooms: slow mode, quiz, bot rain schedule', async () => {
    await page.getByRole('tab', { name: 'Rooms & quiz' }).click();
    await expect(page.getByTestId('chat-room-card')).toHaveCount(6);
    await expect(page.getByTestId('chat-rain')).toContainText('Bot rain schedule');
    await shot(page, 'chat-rooms-1440');
  });

  if (SHOTS) {
    const narrow = await signedInPage(browser, moderator, 390);
    await narrow.goto('/admin/chat');
    await narrow.getByTestId('chat-admin-search').fill(run);
    await expect(narrow.getByTestId('chat-admin-row')).toHaveCount(1);
    await shot(narrow, 'chat-messages-390');
    await narrow.getByRole('tab', { name: 'Rooms & quiz' }).click();
    await expect(narrow.getByTestId('chat-room-card')).toHaveCount(6);
    await shot(narrow, 'chat-rooms-390');
  }
});
