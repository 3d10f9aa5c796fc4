import type { Locator, Page } from 'playwright-core';
import { localDate, localMonth, localWeek } from '../../src/shared/clock/calendar';
import { describeBrowser, screenshot } from '../support/browser';
import { insertAnalysis, signUpInContext, useBrowserApp } from '../support/browser-app';

const HOUR = 3_600_000;

function latestResults(page: Page): Locator {
  return page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Latest Analysis Results' }) });
}

async function texts(locator: Locator): Promise<string[]> {
  return (await locator.allInnerTexts()).map((text) => text.trim());
}

/** The app's default zone (APP_TIMEZONE), which the browser suites run with. */
const ZONE = 'America/Chicago';

describeBrowser('home', () => {
  const s = useBrowserApp();

  it('greets a new golfer and remembers that the welcome box was dismissed', async () => {
    const { page, context } = s;
    await signUpInContext(context, { firstName: 'Ada' });
    await page.goto('/');
    await page.getByRole('heading', { name: "Let's get started, Ada!" }).waitFor();
    await page.getByText('Your Golf Fitness Journey Begins Here!').waitFor();

    const welcome = page.getByTestId('welcome-box');
    await welcome.waitFor();
    expect(await texts(welcome.getByRole('listitem'))).toEqual([
      '1\nUpload your first swing video for AI analysis',
      '2\nReview your detailed analysis and mobility insights',
      '3\nTry your personalized daily workout',
      '4\nUpgrade to Premium for unlimited features',
    ]);
    await latestResults(page).getByText('No analysis yet').waitFor();
    await screenshot(page, 'home-new-golfer');

    const dismissed = page.waitForResponse(
      (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/',
    );
    await welcome.getByRole('button', { name: 'Dismiss welcome' }).click();
    await welcome.waitFor({ state: 'detached' });
    expect((await dismissed).ok()).toBe(true);
    await page.reload();
    await page.getByRole('heading', { name: "Let's get started, Ada!" }).waitFor();
    await page.getByTestId('streak-card').waitFor();
    expect(await welcome.count()).toBe(0);
    await screenshot(page, 'home-welcome-dismissed');
  });

  it('welcomes back a golfer with a completed analysis and shows its results', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context, { firstName: 'Ben', lastName: 'Hogan' });
    await insertAnalysis(db, user.id, {
      createdAt: new Date(Date.now() - 3 * HOUR),
      clubSelection: 'driver',
      clubSpeed: 104.5,
      ballSpeed: 152,
      keyIssues: ['Early extension'],
      status: 'complete',
      // An older row's shape: the mobility texts without a report.
      analysisResults: { mobilityAnalysis: { shoulderTurn: '92°', hipRotation: '45°' } },
    });

    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome back, Ben!' }).waitFor();
    await page.getByText('Ready to Move Better and Play Longer?').waitFor();
    expect(await page.getByTestId('welcome-box').count()).toBe(0);

    const card = latestResults(page);
    await card.getByText('Analysis Complete').waitFor();
    await card.getByText('3 hours ago').waitFor();
    const stat = (label: string) =>
      card
        .locator('dt')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator('+ dd');
    expect(await stat('Club').innerText()).toBe('Driver');
    expect(await stat('Club speed').innerText()).toBe('104.5 mph');
    expect(await stat('Ball speed').innerText()).toBe('152 mph');
    expect(await stat('Shoulder turn').innerText()).toBe('92°');
    expect(await stat('Hip turn').innerText()).toBe('45°');
    // With speeds to show, key issues stay out of the summary.
    expect(await card.getByText('Early extension').count()).toBe(0);
    await screenshot(page, 'home-analysis-complete');

    await card.getByRole('link', { name: 'View' }).click();
    await page.waitForURL((url) => url.pathname === '/analysis');
  });

  it('without speeds, a completed analysis lists up to three key issues and "+N more"', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context);
    await insertAnalysis(db, user.id, {
      clubSelection: '7-iron',
      keyIssues: ['Early extension', 'Reverse pivot', 'Chicken wing', 'Sway', 'Casting'],
      status: 'complete',
      analysisResults: { mobilityAnalysis: { shoulderTurn: '80°', hipRotation: '38°' } },
    });
    await page.goto('/');
    const card = latestResults(page);
    await card.getByText('Analysis Complete').waitFor();
    expect(await texts(card.getByRole('listitem'))).toEqual([
      '• Early extension',
      '• Reverse pivot',
      '• Chicken wing',
      '+2 more',
    ]);
    await card.getByText('7 Iron').waitFor();
    await screenshot(page, 'home-analysis-key-issues');
  });

  it('shows a failed analysis with a disabled View Error Details button', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context, { firstName: 'Walter' });
    await insertAnalysis(db, user.id, {
      clubSelection: 'driver',
      status: 'failed',
      analysisResults: {
        version: 2,
        failure: {
          reason: 'no-golfer',
          title: 'Analysis Failed',
          message: 'Could not detect a golfer in the video',
        },
      },
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome back, Walter!' }).waitFor();
    const card = latestResults(page);
    await card.getByText('Analysis Failed').waitFor();
    await card.getByText('Unable to analyze video. Please try uploading again.').waitFor();
    const details = card.getByRole('button', { name: 'View Error Details' });
    expect(await details.isDisabled()).toBe(true);
    expect(await card.getByText('Analysis Complete').count()).toBe(0);
    await screenshot(page, 'home-analysis-failed');
  });

  it('shows an analysis still in progress', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context, { firstName: 'Sam' });
    await insertAnalysis(db, user.id, { clubSelection: 'driver' });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome back, Sam!' }).waitFor();
    const card = latestResults(page);
    await card.getByText('AI analysis in progress...').waitFor();
    expect(await card.getByText('Analysis Complete').count()).toBe(0);
    expect(await card.getByText('Analysis Failed').count()).toBe(0);
    await screenshot(page, 'home-analysis-in-progress');
  });

  it("shows the golfer's streak with its multiplier tier and monthly points", async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context);
    const streakCard = page.getByTestId('streak-card');
    const pointsCard = page.getByTestId('points-card');

    // The ledger is the source of truth: exercise awards in the weeks before this one make the
    // streak; this month's awards make the monthly points.
    const setLedger = async (streak: number, points: number) => {
      await db.query('delete from points_awards where user_id = $1', [user.id]);
      const now = new Date();
      for (let w = 1; w <= streak; w++) {
        const day = new Date(now.getTime() - w * 7 * 24 * 3600 * 1000);
        await db.query(
          `insert into points_awards (id, user_id, reason, source, points, local_date, week, month)
           values (gen_random_uuid(), $1, 'exercise_completion', $2, 5, $3, $4, '1999-12')`,
          [user.id, `past-${w}`, localDate(day, ZONE), localWeek(day, ZONE)],
        );
      }
      await db.query('delete from monthly_points where user_id = $1', [user.id]);
      if (points > 0) {
        await db.query(
          `insert into points_awards (id, user_id, reason, source, points, local_date, week, month)
           values (gen_random_uuid(), $1, 'swing_upload', 'this-month', $2, $3, $4, $5)`,
          [user.id, points, localDate(now, ZONE), '1999-12-26', localMonth(now, ZONE)],
        );
        await db.query('insert into monthly_points (user_id, month, points) values ($1, $2, $3)', [
          user.id,
          localMonth(now, ZONE),
          points,
        ]);
      }
    };
    for (const [streak, points, multiplier, perExercise] of [
      [3, 1234, '1.25x', 6],
      [5, 40, '1.5x', 8],
      [12, 0, '2.5x', 13],
    ] as const) {
      await setLedger(streak, points);
      await page.goto('/');
      await streakCard.getByText('Week Streak').waitFor();
      expect(await streakCard.innerText()).toContain(String(streak));
      expect(await streakCard.innerText()).toContain(multiplier);
      expect(await streakCard.innerText()).toContain(`${perExercise} per exercise`);
      expect(await pointsCard.innerText()).toContain(points.toLocaleString('en-US'));
    }
    await setLedger(3, 1234);
    await page.reload();
    await streakCard.getByText('1.25x', { exact: false }).waitFor();
    await pointsCard.getByText('1,234').waitFor();
    await screenshot(page, 'home-streak-and-points');

    await pointsCard.getByRole('link', { name: 'How Points Work' }).click();
    await page.waitForURL((url) => url.pathname === '/leaderboard');
  });

  it("the avatar shows the golfer's initials and opens the profile; the tabs navigate", async () => {
    const { page, context } = s;
    await signUpInContext(context, { firstName: 'Lee', lastName: 'Trevino' });
    await page.goto('/');
    const avatar = page.getByRole('link', { name: 'Your profile' });
    expect((await avatar.innerText()).trim()).toBe('LT');
    await avatar.click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();

    const tabs = page.getByRole('navigation', { name: 'Main' });
    for (const [name, path] of [
      ['Home', '/'],
      ['Analysis', '/analysis'],
      ['Leaderboard', '/leaderboard'],
      ['Profile', '/profile'],
    ] as const) {
      const tab = tabs.getByRole('link', { name, exact: true });
      await tab.click();
      await page.waitForURL((url) => url.pathname === path);
      await tabs.locator('a[aria-current="page"]', { hasText: name }).waitFor();
      expect(await tabs.locator('a[aria-current="page"]').count()).toBe(1);
    }
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    await tabs.getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('heading', { name: "Let's get started, Lee!" }).waitFor();
  });

  it('a golfer who scrolls before the page hydrates keeps the place (and the tap); a tab starts at the top', async () => {
    const { page, context } = s;
    await signUpInContext(context, { firstName: 'Nelly' });
    // Hold the app's script back: the server-rendered page is on screen, not yet hydrated.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/build/entry.client-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/profile', { waitUntil: 'commit' });
    const changePassword = page.getByRole('link', { name: 'Change Password' });
    await changePassword.scrollIntoViewIfNeeded();
    const scrollY = () => page.evaluate(() => window.scrollY);
    const place = await scrollY();
    expect(place).toBeGreaterThan(0);

    // The shell fetches the notifications in the same commit as the root's effects: hydrated.
    const hydrated = page.waitForRequest('**/api/notifications');
    release();
    await hydrated;
    expect(await scrollY()).toBe(place);
    await changePassword.click();
    await page.waitForURL((url) => url.pathname === '/change-password');

    await page.goto('/profile');
    await changePassword.scrollIntoViewIfNeeded();
    expect(await scrollY()).toBeGreaterThan(0);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .click();
    await page.getByRole('heading', { name: "Let's get started, Nelly!" }).waitFor();
    expect(await scrollY()).toBe(0);
  });
});
