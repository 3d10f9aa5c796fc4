import path from 'node:path';
import { describeBrowser, screenshot, SCREENSHOT_DIR } from '../support/browser';
import { signUpInContext, useBrowserApp } from '../support/browser-app';

describeBrowser('exercise library', () => {
  const s = useBrowserApp();

  it('shows the library with search, category chips, Free and Premium sections', async () => {
    const { page, context } = s;
    await signUpInContext(context);
    await page.goto('/exercises');
    expect(await page.title()).toBe('Exercise Library · SwingFit');
    const cards = page.getByTestId('exercise-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(80);
    await page.getByRole('heading', { name: /^Free Exercises/ }).waitFor();
    await page.getByRole('heading', { name: /^Premium Exercises/ }).waitFor();
    await screenshot(page, 'exercises-library');
    // The first screen as a phone shows it (the full page is over 80 cards long).
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'exercises-library-first-screen.png'),
    });
    await page.getByRole('heading', { name: /^Premium Exercises/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'exercises-library-premium.png') });

    // Every illustration loads and draws (our own SVGs).
    const sizes = await page
      .locator('[data-testid="exercise-card"] img')
      .evaluateAll((imgs: HTMLImageElement[]) =>
        Promise.all(
          imgs.map(
            (img) =>
              new Promise<number>((resolve) => {
                const probe = new Image();
                probe.onload = () => resolve(probe.naturalWidth);
                probe.onerror = () => resolve(0);
                probe.src = img.src;
              }),
          ),
        ),
      );
    expect(sizes.length).toBeGreaterThanOrEqual(80);
    for (const width of sizes) expect(width).toBeGreaterThan(0);

    // A card: name, Premium badge, difficulty, category, m:ss and sets x reps, rating.
    const chop = page.getByRole('article', { name: 'Half-Kneeling Chop' });
    const text = await chop.innerText();
    expect(text).toContain('Premium');
    expect(text).toMatch(/Medium/);
    expect(text).toMatch(/Strength/);
    expect(text).toMatch(/1:00/);
    expect(text).toMatch(/3 × 8/);
    expect(text).toContain('No ratings yet');

    // Search matches the name or the description; chips filter by category.
    const search = page.getByPlaceholder('Search exercises...');
    await search.fill('wall');
    await page.getByRole('article', { name: 'Wall Slides' }).waitFor();
    for (const name of await cards.evaluateAll((all) => all.map((a) => a.textContent ?? ''))) {
      expect(name.toLowerCase()).toContain('wall');
    }
    await page.getByRole('button', { name: 'Balance' }).click();
    expect(await page.getByRole('button', { name: 'Balance' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await page.getByRole('article', { name: 'Wall Slides' }).count()).toBe(0);
    await search.fill('zzz no such exercise');
    await page.getByText('No Exercises Found').waitFor();
    await screenshot(page, 'exercises-empty');
  });

  it('says when the library cannot load, with Try Again', async () => {
    const { page, context } = s;
    await signUpInContext(context);
    let fail = true;
    await page.route('**/api/exercises', (route) =>
      fail ? route.fulfill({ status: 429, body: 'Too many requests' }) : route.continue(),
    );
    await page.goto('/exercises');
    await page.getByText('Unable to Load Exercises').waitFor();
    await screenshot(page, 'exercises-error');
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByTestId('exercise-card').first().waitFor();
  });
});
