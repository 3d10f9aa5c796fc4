import { describeBrowser, screenshot } from '../support/browser';
import { signUpInContext, skipOnboarding, useBrowserApp } from '../support/browser-app';

describeBrowser('404 and mobile preview', () => {
  const s = useBrowserApp();

  it('shows 404 Page Not Found to a signed-out visitor', async () => {
    const { page } = s;
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.title()).toBe('Page Not Found · SwingFit');
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await screenshot(page, 'not-found-signed-out');

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('onboarding').waitFor();
  });

  it('shows 404 Page Not Found inside the app shell when signed in', async () => {
    const { page, context } = s;
    await signUpInContext(context, { firstName: 'Seve', lastName: 'Ballesteros' });
    const response = await page.goto('/no-such-page/deeper');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.title()).toBe('Page Not Found · SwingFit');
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await tabs.waitFor();
    for (const name of ['Home', 'Analysis', 'Leaderboard', 'Profile']) {
      await tabs.getByRole('link', { name, exact: true }).waitFor();
    }
    expect((await page.getByTestId('avatar').innerText()).trim()).toBe('SB');
    await screenshot(page, 'not-found-signed-in');

    await tabs.getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('heading', { name: "Let's get started, Seve!" }).waitFor();
  });

  it('/mobile-preview shows the welcome screen; Get Started goes to /home, which is /', async () => {
    const { page, context } = s;
    await skipOnboarding(context);
    await page.goto('/mobile-preview');
    const preview = page.getByTestId('mobile-preview');
    await preview.getByRole('heading', { name: 'Welcome to SwingFit' }).waitFor();
    await preview.getByText('Move Better, Play Longer').waitFor();
    const getStarted = preview.getByRole('link', { name: 'Get Started' });
    expect(await getStarted.getAttribute('href')).toBe('/home');
    // The whole phone frame fits on a phone's screen.
    const box = await preview.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    await screenshot(page, 'mobile-preview');

    await getStarted.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('landing').waitFor();
  });

  it('/mobile-preview Get Started takes a signed-in golfer to Home', async () => {
    const { page, context } = s;
    await signUpInContext(context, { firstName: 'Tiger' });
    await page.goto('/mobile-preview');
    const getStarted = page
      .getByTestId('mobile-preview')
      .getByRole('link', { name: 'Get Started' });
    await getStarted.waitFor();
    // Between the header and the tab bar, Get Started shows without scrolling.
    const button = await getStarted.boundingBox();
    const tabBar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    expect(button!.y + button!.height).toBeLessThanOrEqual(tabBar!.y);
    await screenshot(page, 'mobile-preview-signed-in');
    await getStarted.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: "Let's get started, Tiger!" }).waitFor();
  });
});
