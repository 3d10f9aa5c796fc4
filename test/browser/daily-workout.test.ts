import type { Client } from 'pg';
import { describeBrowser, screenshot } from '../support/browser';
import { insertAnalysis, signUpInContext, useBrowserApp } from '../support/browser-app';
import { swingMetric } from '../support/swing-metric';
import { swingReport } from '../support/swing-report';

/** A complete analysis whose trusted shoulder turn is limited (62 degrees). */
async function analysed(db: Client, userId: string) {
  const report = swingReport([swingMetric('shoulderTurn', 62, 0.8)], {
    shoulderTurn: '62° (limited)',
  });
  await insertAnalysis(db, userId, {
    status: 'complete',
    analysisResults: {
      version: 2,
      report,
      coaching: null,
      media: { poseTracks: [], eventStills: [] },
      timings: null,
      failure: null,
    },
  });
}

describeBrowser('daily workout', () => {
  const s = useBrowserApp();

  it('asks for a swing analysis first', async () => {
    const { page, context } = s;
    await signUpInContext(context);
    await page.goto('/daily-workout');
    await page.getByRole('heading', { name: 'No Swing Analysis Available' }).waitFor();
    await page.getByRole('link', { name: 'Upload a Swing' }).click();
    await page.waitForURL(/\/upload$/);
  });

  it("shows a free golfer's workout with its reasons once, then the daily limit", async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context);
    await analysed(db, user.id);
    await page.goto('/daily-workout');
    const overview = page.getByTestId('workout-overview');
    await overview.getByText('Categories Used').waitFor();
    await overview.getByText('Thoracic Spine Mobility').waitFor();
    await overview.getByText(/bodyweight and a resistance band/).waitFor();
    const exercises = page.getByTestId('workout-exercise');
    expect(await exercises.count()).toBeGreaterThanOrEqual(6);
    expect(await exercises.count()).toBeLessThanOrEqual(8);
    await page
      .getByTestId('exercise-reason')
      .filter({ hasText: 'Shoulder turn 62° (limited), target 85-95°' })
      .first()
      .waitFor();
    await page.getByTestId('premium-feature').getByText('Premium Feature').waitFor();
    expect(await exercises.first().getByRole('button', { name: 'Watch' }).isDisabled()).toBe(true);
    await screenshot(page, 'daily-workout-free');

    await page.reload();
    await page.getByRole('heading', { name: 'Daily Workout Limit Reached' }).waitFor();
    await page
      .getByText(
        "You've used your free daily workout view. Upgrade to premium for unlimited access to personalized workouts.",
      )
      .waitFor();
    await screenshot(page, 'daily-workout-limit');
  });

  it('lets a premium golfer open it again and watch an exercise', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context);
    await db.query('update users set is_premium = true where id = $1', [user.id]);
    await analysed(db, user.id);
    await page.goto('/daily-workout');
    const first = page.getByTestId('workout-exercise').first();
    await first.waitFor();
    const name = (await first.getAttribute('aria-label'))!;
    await page.reload();
    expect(await page.getByTestId('workout-exercise').first().getAttribute('aria-label')).toBe(
      name,
    );
    expect(await page.getByTestId('premium-feature').count()).toBe(0);
    await page
      .getByTestId('workout-exercise')
      .first()
      .getByRole('button', { name: 'Watch' })
      .click();
    const dialog = page.getByRole('dialog', { name });
    const watch = dialog.getByRole('link', { name: 'Watch on YouTube' });
    expect(await watch.getAttribute('href')).toContain('youtube.com/results?search_query=');
    await screenshot(page, 'daily-workout-video-dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await screenshot(page, 'daily-workout-premium');
  });
});
