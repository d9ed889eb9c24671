/**
 * The Terms dialog end to end (issue G5 item 5, spec 2 sections 1 and 2): it opens from the footer
 * over the page the player is on and from registration's tick box (its "I agree" ticks the box),
 * shows the user agreement, privacy policy and FAQ in scrollable tabs, and states the six legal facts
 * of spec 2 section 1; `/terms` and `/privacyPolicy` open it over the home page, and closing it goes
 * home.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { gotoPage, openAuth } from './helpers/ui';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);

/** The six facts of spec 2 section 1, as the default user agreement states them. */
const LEGAL_FACTS = [
  'at least 18 years old, or of the age of majority in your country of residence',
  'may not open an account, deposit or play: Australia',
  'Only one bonus per person is allowed.',
  'limited to 100 EUR (one hundred euros)',
  'we keep your data for ten (10) years after you stop being our customer',
  'complete once its transaction has at least three (3) network confirmations',
];

function legalDialog(page: Page): Locator {
  return page.getByTestId('legal-dialog');
}

/** The dialog and its chunk load on first use: allow the cold fetch on a busy machine. */
async function expectOpen(page: Page, doc: 'terms' | 'privacy' | 'faq'): Promise<Locator> {
  const dialog = legalDialog(page);
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toHaveAttribute('data-doc', doc);
  await expect(dialog.getByTestId('legal-title')).toBeVisible({ timeout: 15_000 });
  return dialog;
}

async function expectSixFacts(dialog: Locator): Promise<void> {
  const text = dialog.getByTestId('legal-scroll');
  for (const fact of LEGAL_FACTS) await expect(text, fact).toContainText(fact);
  // The restricted countries are named, not just mentioned.
  await expect(text).toContainText('United States');
}

test.describe('the Terms dialog', () => {
  test('opens from the footer over the page, with the three documents, scrollable, and the six facts', async ({
    page,
  }) => {
    await gotoPage(page, '/vip');
    const footer = page.getByTestId('footer');
    await footer.scrollIntoViewIfNeeded({ timeout: 15_000 });
    await footer.getByRole('link', { name: 'Terms of Service' }).click();
    const dialog = await expectOpen(page, 'terms');
    // Over the page the player is on: no navigation.
    await expect(page).toHaveURL(/\/vip$/);
    await expect(dialog.getByTestId('legal-title')).toHaveText('User Agreement');
    await expectSixFacts(dialog);

    await test.step('the text scrolls; the contents jump to a section', async () => {
      const scroll = dialog.getByTestId('legal-scroll');
      const sizes = await scroll.evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }));
      expect(sizes.scroll).toBeGreaterThan(sizes.client * 2);
      await dialog
        .getByRole('navigation', { name: 'Contents' })
        .getByRole('button', { name: /Governing law/ })
        .click();
      await expect.poll(() => scroll.evaluate((el) => el.scrollTop)).toBeGreaterThan(sizes.client);
    });

    await test.step('privacy policy and FAQ tabs', async () => {
      await dialog.getByRole('tab', { name: 'Privacy policy' }).click();
      await expect(dialog.getByTestId('legal-title')).toHaveText('Privacy Policy');
      await expect(dialog.getByTestId('legal-scroll')).toContainText(
        'for ten (10) years after you stop being our customer',
      );
      await dialog.getByRole('tab', { name: 'FAQ' }).click();
      await expect(dialog.getByTestId('legal-title')).toHaveText('FAQ');
      const question = dialog.getByText('How long does a withdrawal take?', { exact: true });
      await question.click();
      await expect(dialog.getByText(/at least three \(3\) network confirmations/).first()).toBeVisible();
    });

    await page.keyboard.press('Escape');
    await expect(legalDialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/vip$/);

    await test.step('the footer’s responsible gambling link opens the agreement at its section', async () => {
      await footer.getByRole('link', { name: 'Responsible gambling' }).click();
      const again = await expectOpen(page, 'terms');
      const active = again.getByRole('navigation', { name: 'Contents' }).locator('[aria-current="location"]');
      await expect(active).toHaveText(/Responsible gambling/);
      await expect(again.getByRole('heading', { name: /Responsible gambling/ })).toBeInViewport();
    });
  });

  test('opens from registration’s tick box; “I agree” ticks the box', async ({ page }) => {
    await gotoPage(page, '/');
    const modal = await openAuth(page, 'sign-up');
    const box = modal.getByTestId('age-confirm');
    await expect(box).not.toBeChecked();
    await modal.getByRole('button', { name: 'Terms and Conditions' }).click();
    const dialog = await expectOpen(page, 'terms');
    await expectSixFacts(dialog);
    await dialog.getByTestId('legal-accept').click();
    await expect(legalDialog(page)).toBeHidden();
    // The registration dialog stayed, its box ticked.
    await expect(modal).toBeVisible();
    await expect(box).toBeChecked();
  });

  test('/terms and /privacyPolicy open it over the home page; closing it goes home', async ({ page }) => {
    await gotoPage(page, '/terms');
    const terms = await expectOpen(page, 'terms');
    await expectSixFacts(terms);
    await expect(page.getByTestId('home-lobby')).toBeAttached();
    await page
      .getByRole('dialog', { name: 'Terms and policies' })
      .getByRole('button', { name: 'Close' })
      .click();
    await expect(legalDialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/$/);

    await gotoPage(page, '/privacyPolicy');
    const privacy = await expectOpen(page, 'privacy');
    await expect(privacy.getByTestId('legal-title')).toHaveText('Privacy Policy');
    await expect(privacy.getByTestId('legal-scroll')).toContainText('How long we keep it');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/$/);
  });
});
