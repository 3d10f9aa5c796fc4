import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { makeTempDir } from '../../src/modules/swing-engine/infrastructure/video/test-clips';
import { describeBrowser, screenshot } from '../support/browser';
import { insertLimitedTurnAnalysis, signUpInContext, useBrowserApp } from '../support/browser-app';

/**
 * Issue 14, check 1, as golfers walk it at 390x844 under a moved clock: a premium golfer's day
 * from the workout to the leaderboard and Home; a free golfer's one view a day.
 */
const tmp = makeTempDir('daily-loop');
const clockFile = path.join(tmp.dir, 'clock');
const setClock = (iso: string) => writeFileSync(clockFile, new Date(iso).toISOString());
setClock('2026-11-24T09:00:00-06:00'); // a Tuesday in Chicago

/** The embed host is not reachable from tests: a blank page stands in for the player. */
async function stubVideoPlayer(context: BrowserContext) {
  await context.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<html><body style="background:#111;color:#fff">player</body></html>',
    }),
  );
}

describeBrowser('the daily loop', () => {
  const s = useBrowserApp({ TEST_CLOCK_FILE: clockFile, APP_TIMEZONE: 'America/Chicago' });

  afterAll(() => tmp.remove());

  it('takes a premium golfer from the workout to the leaderboard and Home', async () => {
    const { page, context, db } = s;
    setClock('2026-11-24T09:00:00-06:00');
    await stubVideoPlayer(context);
    const user = await signUpInContext(context, { firstName: 'Lydia', lastName: 'Ko' });
    await db.query('update users set is_premium = true where id = $1', [user.id]);
    await insertLimitedTurnAnalysis(db, user.id);
    // Operators curated a video for every exercise (md5: 11 characters of [0-9a-f]).
    await db.query(
      `insert into exercise_videos (exercise_slug, video_id, title, duration_seconds)
       select slug, substr(md5(slug), 1, 11), name || ' in two minutes', 125 from exercises`,
    );

    await page.goto('/daily-workout');
    const overview = page.getByTestId('workout-overview');
    await overview.getByText('Categories Used').waitFor();
    await overview.getByText('Thoracic Spine Mobility').waitFor();
    await page
      .getByTestId('exercise-reason')
      .filter({ hasText: 'Shoulder turn 62° (limited), target 85-95°' })
      .first()
      .waitFor();
    await screenshot(page, 'daily-loop-premium-workout');

    const items = page.getByTestId('workout-exercise');
    const total = await items.count();
    const first = items.first();
    const name = (await first.getAttribute('aria-label'))!;
    await first.getByPlaceholder('3').fill('3');
    await first.getByPlaceholder('12').fill('12');
    await first.getByPlaceholder('25').fill('15');
    await first.getByRole('button', { name: 'Complete' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Exercise Completed!' })
      .getByText(`Progress: 1/${total} exercises (${Math.round(100 / total)}%) +5 points!`)
      .waitFor();
    const second = items.nth(1);
    await second.getByPlaceholder('3').fill('2');
    await second.getByRole('button', { name: 'Complete' }).click();
    await page
      .getByText(`Progress: 2/${total} exercises (${Math.round(200 / total)}%) +5 points!`, {
        exact: true,
      })
      .waitFor();
    await second.getByRole('button', { name: 'Done' }).waitFor();
    await page.getByTestId('monthly-points').getByText('10 pts').waitFor();

    await first.getByRole('button', { name: 'View History' }).click();
    const history = page.getByRole('dialog', { name: `${name} - History` });
    await history.getByTestId('history-today').getByText('3 sets · 12 reps · 15 lbs').waitFor();
    await screenshot(page, 'daily-loop-history');
    await history.getByRole('button', { name: 'Close' }).click();

    await first.getByRole('button', { name: 'Watch' }).click();
    const dialog = page.getByRole('dialog', { name });
    const player = dialog.getByTestId('exercise-video');
    await player.waitFor();
    expect(await player.getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/[0-9a-f]{11}$/,
    );
    await dialog.getByText(`${name} in two minutes`).waitFor();
    expect(
      await dialog.getByRole('link', { name: 'Watch on YouTube' }).getAttribute('href'),
    ).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[0-9a-f]{11}$/);
    await screenshot(page, 'daily-loop-video');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto('/leaderboard');
    await page.getByTestId('your-position').getByText('#1').waitFor();
    await page.getByTestId('your-position').getByText('with 10 points this month').waitFor();
    await page
      .getByTestId('monthly-leaderboard')
      .getByTestId('leaderboard-row')
      .filter({ hasText: 'Lydia K.' })
      .waitFor();
    await screenshot(page, 'daily-loop-leaderboard');

    await page.goto('/');
    const points = page.getByTestId('points-card');
    await points.getByText('10', { exact: true }).waitFor();
    await points.getByText('#1 this month').waitFor();
    await page.getByTestId('streak-card').getByText('1', { exact: true }).waitFor();
    await screenshot(page, 'daily-loop-home');
  });

  it('gives a free golfer one workout a day, and refuses the premium actions', async () => {
    const { page, context, db } = s;
    setClock('2026-11-24T09:00:00-06:00');
    const user = await signUpInContext(context);
    await insertLimitedTurnAnalysis(db, user.id);

    await page.goto('/daily-workout');
    const items = page.getByTestId('workout-exercise');
    await items.first().waitFor();
    const name = (await items.first().getAttribute('aria-label'))!;
    for (const button of ['Watch', 'View History', 'Complete']) {
      expect(await items.first().getByRole('button', { name: button }).isDisabled()).toBe(true);
    }
    await page.getByTestId('premium-feature').getByRole('link').first().waitFor();

    // The buttons are only the screen: the server refuses the same calls itself.
    const { csrfToken } = (await (await context.request.get('/api/auth/csrf')).json()) as {
      csrfToken: string;
    };
    const headers = { 'x-csrf-token': csrfToken, accept: 'application/json' };
    const refused = [
      await context.request.post('/api/daily-workout/complete', {
        headers,
        data: { exerciseName: name },
      }),
      await context.request.post('/api/exercise-logs', {
        headers,
        data: { exerciseName: name, sets: 3, reps: 12, weight: '0', duration: 0, notes: '' },
      }),
      await context.request.get(
        `/api/exercise-logs/user/authenticated/history/${encodeURIComponent(name)}`,
        { headers },
      ),
      await context.request.get('/api/youtube/embed/0123456789a', { headers }),
    ];
    expect(refused.map((r) => r.status())).toEqual([403, 403, 403, 403]);

    await page.reload();
    await page.getByRole('heading', { name: 'Daily Workout Limit Reached' }).waitFor();
    const usage = (await (await context.request.get('/api/usage-limits')).json()) as {
      workoutViews: { used: number; limit: number };
    };
    expect(usage.workoutViews).toEqual({ used: 1, limit: 1 });
    await screenshot(page, 'daily-loop-free-limit');

    setClock('2026-11-25T07:00:00-06:00'); // the next morning
    await page.reload();
    await items.first().waitFor();
    await page.getByTestId('workout-overview').getByText('Categories Used').waitFor();
    await screenshot(page, 'daily-loop-free-next-day');
  });
});
