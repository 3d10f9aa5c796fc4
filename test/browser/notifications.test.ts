import type { Locator, Page } from 'playwright-core';
import { describeBrowser, screenshot } from '../support/browser';
import {
  eventually,
  insertAnalysis,
  insertNotification,
  signUpInContext,
  useBrowserApp,
} from '../support/browser-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The header's bell; still read (not clicked) while the open panel hides the page behind it. */
function bell(page: Page): Locator {
  return page.getByRole('button', { name: /^Notifications/, includeHidden: true });
}

function panel(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Notifications' });
}

/** The bell's badge as shown ('' when there is none). */
async function badge(page: Page): Promise<string> {
  return (await bell(page).innerText()).trim();
}

async function openPanel(page: Page): Promise<Locator> {
  await bell(page).click();
  const dialog = panel(page);
  await dialog.waitFor();
  await dialog.getByText('Loading notifications...').waitFor({ state: 'detached' });
  return dialog;
}

function item(dialog: Locator, title: string): Locator {
  return dialog.getByRole('listitem').filter({ hasText: title });
}

describeBrowser('notifications panel', () => {
  const s = useBrowserApp();

  it('shows the empty state and closes with the X', async () => {
    const { page, context } = s;
    await signUpInContext(context);
    await page.goto('/');
    expect(await badge(page)).toBe('');

    const dialog = await openPanel(page);
    await dialog.getByText('No notifications yet').waitFor();
    await dialog.getByText('Complete exercises and upload videos to get updates!').waitFor();
    expect(await dialog.getByRole('button', { name: 'Mark All Read' }).count()).toBe(0);
    await screenshot(page, 'notifications-empty');

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('lists notifications with their ages; mark one read, mark all read, delete one', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context);
    const now = Date.now();
    for (const [title, type, age] of [
      ['Exercise complete', 'exercise_completion', 0],
      ['Upload received', 'upload_success', 5 * MINUTE],
      ['Streak milestone', 'streak_milestone', 3 * HOUR],
      ['Weekly reset', 'weekly_reset', 2 * DAY],
    ] as const) {
      await insertNotification(db, user.id, { title, type, createdAt: new Date(now - age) });
    }

    await page.goto('/');
    await eventually(async () => expect(await badge(page)).toBe('4'));
    const dialog = await openPanel(page);
    const items = dialog.getByRole('listitem');
    await items.first().waitFor();
    const rows = await items.allInnerTexts();
    expect(rows).toHaveLength(4);
    const expected = [
      ['Exercise complete', 'Just now'],
      ['Upload received', '5m ago'],
      ['Streak milestone', '3h ago'],
      ['Weekly reset', '2d ago'],
    ];
    expected.forEach(([title, age], i) => {
      expect(rows[i]).toContain(title);
      expect(rows[i]).toContain(age);
    });
    await dialog.getByTestId('panel-unread-count').getByText('4', { exact: true }).waitFor();
    await screenshot(page, 'notifications-list');

    // Mark one read.
    await item(dialog, 'Upload received')
      .getByRole('button', { name: 'Mark "Upload received" as read' })
      .click();
    await item(dialog, 'Upload received')
      .getByRole('button', { name: /as read/ })
      .waitFor({
        state: 'detached',
      });
    await eventually(async () => expect(await badge(page)).toBe('3'));
    await dialog.getByTestId('panel-unread-count').getByText('3', { exact: true }).waitFor();
    await screenshot(page, 'notifications-one-read');

    // Mark all read: nothing left to mark, so the button is disabled.
    const markAll = dialog.getByRole('button', { name: 'Mark All Read' });
    await markAll.click();
    await eventually(async () => expect(await markAll.isDisabled()).toBe(true));
    expect(await dialog.getByRole('button', { name: /as read/ }).count()).toBe(0);
    await eventually(async () => expect(await badge(page)).toBe(''));
    expect(await dialog.getByTestId('panel-unread-count').count()).toBe(0);
    await screenshot(page, 'notifications-all-read');

    // Delete one.
    await item(dialog, 'Weekly reset')
      .getByRole('button', { name: 'Delete "Weekly reset"' })
      .click();
    await item(dialog, 'Weekly reset').waitFor({ state: 'detached' });
    expect(await items.count()).toBe(3);

    // All of it was saved.
    await page.reload();
    expect(await badge(page)).toBe('');
    const again = await openPanel(page);
    await again.getByRole('listitem').first().waitFor();
    expect(await again.getByRole('listitem').count()).toBe(3);
    expect(await item(again, 'Weekly reset').count()).toBe(0);
    expect(await again.getByRole('button', { name: /as read/ }).count()).toBe(0);
    expect(await again.getByRole('button', { name: 'Mark All Read' }).isDisabled()).toBe(true);
  });

  it('opens the analysis a notification is about when it is tapped, and marks it read', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context);
    const analysis = await insertAnalysis(db, user.id, { status: 'failed' });
    await insertNotification(db, user.id, {
      type: 'upload_success',
      title: 'Swing Analysis Ready',
      message: 'Your Driver swing analysis is complete. Open it to see your results.',
      link: `/analysis/${analysis}`,
    });
    await insertNotification(db, user.id, { title: 'No link here' });
    await page.goto('/');
    const dialog = await openPanel(page);
    // A notification without a page is plain text, not a link.
    expect(await item(dialog, 'No link here').getByRole('link').count()).toBe(0);
    await screenshot(page, 'notifications-with-link');
    await item(dialog, 'Swing Analysis Ready').getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/analysis/${analysis}`);
    await dialog.waitFor({ state: 'detached' });
    await eventually(async () => expect(await badge(page)).toBe('1'));
  });

  it('caps the bell badge at 9+, and tapping outside the panel closes it', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context);
    for (let i = 1; i <= 12; i += 1) {
      await insertNotification(db, user.id, {
        title: `Achievement ${i}`,
        createdAt: new Date(Date.now() - i * MINUTE),
      });
    }
    await page.goto('/');
    await eventually(async () => expect(await badge(page)).toBe('9+'));
    await screenshot(page, 'notifications-badge-9-plus');

    const dialog = await openPanel(page);
    await dialog.getByTestId('panel-unread-count').getByText('12', { exact: true }).waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(12);
    await screenshot(page, 'notifications-twelve');

    // Tap the dimmed page to the left of the panel.
    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(40);
    await page.mouse.click(box!.x / 2, 400);
    await dialog.waitFor({ state: 'detached' });
    expect(await badge(page)).toBe('9+');
  });
});
