import { createFamily, post, share } from './support/family.ts';
import { expect, newPerson, signUp, test } from './support/test.ts';

/**
 * The device's speech stands in for a recorder here: headless Chromium has no voices, so what would be said is kept
 * on the page, and a reading ends when the test says so.
 */
function recordSpeech() {
  const spoken: string[] = [];
  let current: SpeechSynthesisUtterance | null = null;
  const end = () => {
    const ended = current;
    current = null;
    ended?.onend?.(new Event('end') as SpeechSynthesisEvent);
  };
  Object.assign(window, { spoken, endSpeech: end });
  Object.defineProperty(window, 'speechSynthesis', {
    value: {
      get speaking() {
        return current !== null;
      },
      speak(utterance: SpeechSynthesisUtterance) {
        current = utterance;
        spoken.push(utterance.text);
      },
      cancel: end,
    },
  });
}

test('a chat message is read aloud from the button beside it', async ({ page }) => {
  await page.addInitScript(recordSpeech);
  await signUp(page, newPerson('listener'));
  await createFamily(page, `The Listeners ${Date.now().toString(36)}`);
  await page.goto('/chat');
  const input = page.getByPlaceholder('Type your message...');
  await input.fill('The train is late, home by eight.');
  await input.press('Enter');
  const message = page
    .getByRole('list', { name: 'Messages' })
    .getByRole('listitem')
    .filter({ hasText: 'home by eight' });
  // A tap on the message shows its buttons, as on a touch screen.
  await message.getByText('home by eight').click();
  await message.getByRole('button', { name: 'Read aloud' }).click();
  await expect(message.getByRole('button', { name: 'Stop reading' })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken)).toEqual([
    'The train is late, home by eight.',
  ]);
});

test('a post is read aloud by the device, stopped on a second tap, and one reading replaces another', async ({
  page,
}) => {
  await page.addInitScript(recordSpeech);
  await signUp(page, newPerson('reader'));
  await createFamily(page, `The Readers ${Date.now().toString(36)}`);
  const plums = post(page, 'full of plums');
  const lunch = post(page, 'Lunch on Sunday');
  await share(page, 'Grandad’s garden is full of plums this year.');
  await expect(plums).toBeVisible();
  await share(page, 'Lunch on Sunday at one.');
  await expect(lunch).toBeVisible();

  await plums.getByRole('button', { name: 'Read aloud' }).click();
  await expect(plums.getByRole('button', { name: 'Stop reading' })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken)).toEqual([
    'Grandad’s garden is full of plums this year.',
  ]);

  // Another post's reading stops the first one's.
  await lunch.getByRole('button', { name: 'Read aloud' }).click();
  await expect(plums.getByRole('button', { name: 'Read aloud' })).toHaveAttribute('aria-pressed', 'false');
  await expect(lunch.getByRole('button', { name: 'Stop reading' })).toBeVisible();

  // Tapped again, it stops; a reading that ends by itself shows "Read aloud" again.
  await lunch.getByRole('button', { name: 'Stop reading' }).click();
  await expect(lunch.getByRole('button', { name: 'Read aloud' })).toBeVisible();
  await plums.getByRole('button', { name: 'Read aloud' }).click();
  await page.evaluate(() => (window as unknown as { endSpeech: () => void }).endSpeech());
  await expect(plums.getByRole('button', { name: 'Read aloud' })).toHaveAttribute('aria-pressed', 'false');
});
