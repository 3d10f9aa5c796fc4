import type { Page } from 'playwright-core';
import { GOLF_QUOTES } from '~/components/landing/golf-quotes';
import { describeBrowser, screenshot } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';

interface ProgressTimeline {
  samples: { t: number; value: number }[];
  buttonAt: number;
  buttonAtStart: boolean;
}

/**
 * Records, inside the page, every change of the progress bar's aria-valuenow with its time, until
 * the Get Started link shows up.
 */
function recordProgress(page: Page): Promise<ProgressTimeline> {
  return page.evaluate(
    () =>
      new Promise<ProgressTimeline>((resolve) => {
        const landing = document.querySelector('[data-testid="landing"]');
        const bar = document.querySelector('[role="progressbar"]');
        if (!landing || !bar) throw new Error('no landing screen');
        const findButton = () =>
          Array.from(document.querySelectorAll('a')).find(
            (a) => a.textContent?.trim() === 'Get Started',
          );
        const read = () => Number(bar.getAttribute('aria-valuenow'));
        const samples = [{ t: performance.now(), value: read() }];
        if (findButton()) {
          resolve({ samples, buttonAt: performance.now(), buttonAtStart: true });
          return;
        }
        const observer = new MutationObserver(() => {
          const now = performance.now();
          const value = read();
          if (value !== samples[samples.length - 1]!.value) samples.push({ t: now, value });
          if (findButton()) {
            observer.disconnect();
            resolve({ samples, buttonAt: now, buttonAtStart: false });
          }
        });
        observer.observe(landing, { subtree: true, childList: true, attributes: true });
      }),
  );
}

async function completeOnboardingWithNext(page: Page) {
  const onboarding = page.getByTestId('onboarding');
  await onboarding.waitFor();
  const titles = ['Upload Your Swing', 'See Your Real Measurements', 'Train and Climb'];
  for (const [i, title] of titles.entries()) {
    await onboarding.getByRole('heading', { name: title }).waitFor();
    await onboarding.getByText(`Step ${i + 1} of 3`).waitFor();
    const last = i === titles.length - 1;
    await screenshot(page, `landing-onboarding-step-${i + 1}`);
    await onboarding.getByRole('button', { name: last ? 'Continue' : 'Next', exact: true }).click();
  }
}

describeBrowser('landing (signed out)', () => {
  const s = useBrowserApp();

  it('shows the Authenticating... spinner until the page hydrates, then onboarding', async () => {
    const { page } = s;
    // Hold the JavaScript back, so the server-rendered page is what the visitor sees.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\/build\/.*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });

    await page.goto('/', { waitUntil: 'commit' });
    const spinner = page.getByRole('status').filter({ hasText: 'Authenticating...' });
    await spinner.waitFor();
    expect(await page.getByTestId('onboarding').count()).toBe(0);
    expect(await page.getByTestId('landing').count()).toBe(0);
    await screenshot(page, 'landing-authenticating');

    releaseScripts();
    await page.getByTestId('onboarding').waitFor();
    await spinner.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Skip' }).waitFor();
  });

  it('walks through onboarding with Next and Continue to the landing screen with a quote', async () => {
    const { page } = s;
    await page.goto('/');
    await completeOnboardingWithNext(page);

    const landing = page.getByTestId('landing');
    await landing.waitFor();
    expect(await page.getByTestId('onboarding').count()).toBe(0);
    await landing.getByRole('heading', { name: 'SwingFit' }).waitFor();
    await landing.getByText('Move Better, Play Longer').waitFor();

    const quote = landing.locator('figure');
    await quote.waitFor();
    const text = (await quote.locator('blockquote').innerText()).trim();
    const author = (await quote.locator('figcaption').innerText()).trim();
    const known = GOLF_QUOTES.find((q) => text === `“${q.text}”`);
    expect(known).toBeDefined();
    expect(author).toBe(`— ${known!.author}`);
    await screenshot(page, 'landing-loading');
  });

  it('Skip goes straight to the landing screen, and a reload does not show onboarding again', async () => {
    const { page, context } = s;
    await page.goto('/');
    await page.getByTestId('onboarding').getByText('Step 1 of 3').waitFor();
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByTestId('landing').waitFor();

    // Note whether onboarding is ever rendered while the page reloads.
    await context.addInitScript(() => {
      const seen = () =>
        document.querySelector('[data-testid="onboarding"]') &&
        ((window as unknown as { onboardingSeen: boolean }).onboardingSeen = true);
      new MutationObserver(seen).observe(document, { subtree: true, childList: true });
    });
    await page.reload();
    await page.getByTestId('landing').waitFor();
    await page.getByTestId('landing').locator('figure').waitFor();
    const onboardingSeen = await page.evaluate(
      () => (window as unknown as { onboardingSeen?: boolean }).onboardingSeen ?? false,
    );
    expect(onboardingSeen).toBe(false);
  });

  it('fills the progress bar 2% per 100 ms; Get Started appears 500 ms after 100% and leads to sign-in', async () => {
    const { page } = s;
    await page.goto('/');
    await page.getByRole('button', { name: 'Skip' }).click();
    const bar = page.getByRole('progressbar', { name: 'Loading SwingFit' });
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuemin')).toBe('0');
    expect(await bar.getAttribute('aria-valuemax')).toBe('100');

    const { samples, buttonAt, buttonAtStart } = await recordProgress(page);
    expect(buttonAtStart).toBe(false);
    const values = samples.map((sample) => sample.value);
    expect(values[0]).toBeLessThan(20);
    expect(values[values.length - 1]).toBe(100);
    // It only ever rises, in steps of 2 percent.
    for (let i = 1; i < values.length; i += 1) {
      expect([2, 4]).toContain(values[i]! - values[i - 1]!);
    }
    // 2 percent per 100 ms: from 20% to 90% takes 3.5 s.
    const at = (value: number) => samples.find((sample) => sample.value >= value)!.t;
    const percentPer100ms = ((90 - 20) / (at(90) - at(20))) * 100;
    expect(percentPer100ms).toBeGreaterThan(1.6);
    expect(percentPer100ms).toBeLessThan(2.4);
    // The button waits 500 ms after the bar is full.
    const afterFull = buttonAt - at(100);
    expect(afterFull).toBeGreaterThanOrEqual(480);
    expect(afterFull).toBeLessThan(1_200);

    const getStarted = page.getByRole('link', { name: 'Get Started' });
    await getStarted.waitFor();
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    expect(await getStarted.getAttribute('href')).toBe('/api/login');
    await screenshot(page, 'landing-ready');

    await getStarted.click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByLabel('Email').waitFor();
    await screenshot(page, 'login-after-get-started');
  });
});
