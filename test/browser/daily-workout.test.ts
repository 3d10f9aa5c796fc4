import { describeBrowser, screenshot } from '../support/browser';
import { insertLimitedTurnAnalysis, signUpInContext, useBrowserApp } from '../support/browser-app';

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
    await insertLimitedTurnAnalysis(db, user.id);
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
    for (const name of ['Watch', 'View History', 'Complete']) {
      expect(await exercises.first().getByRole('button', { name }).isDisabled()).toBe(true);
    }
    expect(await exercises.first().getByPlaceholder('3').count()).toBe(0);
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

  it('lets a premium golfer log and complete exercises, see the history, points and video', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context);
    await db.query('update users set is_premium = true where id = $1', [user.id]);
    await insertLimitedTurnAnalysis(db, user.id);
    await page.goto('/daily-workout');
    const items = page.getByTestId('workout-exercise');
    await items.first().waitFor();
    const total = await items.count();
    const name = (await items.first().getAttribute('aria-label'))!;
    await page.reload();
    expect(await items.first().getAttribute('aria-label')).toBe(name);
    expect(await page.getByTestId('premium-feature').count()).toBe(0);
    expect((await page.getByTestId('monthly-points').innerText()).trim()).toBe('0 pts');

    const first = items.first();
    await first.getByPlaceholder('3').fill('3');
    await first.getByPlaceholder('12').fill('10');
    await first.getByPlaceholder('25').fill('20');
    await first.getByRole('button', { name: 'Complete' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Exercise Completed!' });
    await toast
      .getByText(`Progress: 1/${total} exercises (${Math.round(100 / total)}%) +5 points!`)
      .waitFor();
    await first.getByRole('button', { name: 'Done' }).waitFor();
    expect(await first.getByRole('button', { name: 'Done' }).isDisabled()).toBe(true);
    expect(await first.getByPlaceholder('3').isDisabled()).toBe(true);
    await screenshot(page, 'daily-workout-completed');

    await items.nth(1).getByRole('button', { name: 'Complete' }).click();
    await page
      .getByText(`Progress: 2/${total} exercises (${Math.round(200 / total)}%) +5 points!`, {
        exact: true,
      })
      .waitFor();
    await page.getByTestId('monthly-points').getByText('10 pts').waitFor();

    await first.getByRole('button', { name: 'View History' }).click();
    const history = page.getByRole('dialog', { name: `${name} - History` });
    await history.getByTestId('history-today').getByText('3 sets · 10 reps · 20 lbs').waitFor();
    await history.getByText('No workout history found for this exercise.').waitFor();
    await screenshot(page, 'daily-workout-history');
    await history.getByRole('button', { name: 'Close' }).click();

    await first.getByRole('button', { name: 'Watch' }).click();
    const dialog = page.getByRole('dialog', { name });
    const watch = dialog.getByRole('link', { name: 'Watch on YouTube' });
    expect(await watch.getAttribute('href')).toContain('youtube.com/results?search_query=');
    await screenshot(page, 'daily-workout-video-dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A completed exercise can be rated; the library card shows the golfers' average.
    await first.getByRole('button', { name: 'Rate 4 stars' }).click();
    await first.getByText('Thanks! You rated it 4/5').waitFor();
    await page.goto('/exercises');
    await page.getByRole('article', { name }).getByLabel('4.0 out of 5 (1 rating)').waitFor();
    await page.goBack();

    // Reopened, the completed exercises stay done.
    await page.reload();
    await items.first().getByRole('button', { name: 'Done' }).waitFor();
    expect(await items.nth(1).getByRole('button', { name: 'Done' }).isDisabled()).toBe(true);
  });
});
