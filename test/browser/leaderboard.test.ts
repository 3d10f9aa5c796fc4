import { describeBrowser, screenshot } from '../support/browser';
import { signUpInContext, useBrowserApp } from '../support/browser-app';
import { localMonth } from '../../src/shared/clock/calendar';

describeBrowser('leaderboard', () => {
  const s = useBrowserApp();

  it("shows the month's ranking, the golfer's own row far down, and the points summary", async () => {
    const { page, context, db } = s;
    const month = localMonth(new Date(), 'America/Chicago');
    // Six other golfers ahead (made straight in the database), then the golfer at rank 7.
    for (let i = 0; i < 6; i++) {
      const { rows } = await db.query<{ id: string }>(
        `insert into users (id, email, first_name, last_name, state, created_at, updated_at)
         values (gen_random_uuid(), $1, $2, 'Pro', 'FL', now(), now()) returning id`,
        [`ahead${i}.${Date.now()}@example.test`, `Player${i + 1}`],
      );
      await db.query('insert into monthly_points (user_id, month, points) values ($1, $2, $3)', [
        rows[0]!.id,
        month,
        100 - i * 10,
      ]);
    }
    const me = await signUpInContext(context, { firstName: 'Seve', lastName: 'Ballesteros' });
    await db.query("update users set state = 'TX' where id = $1", [me.id]);
    await db.query('insert into monthly_points (user_id, month, points) values ($1, $2, 15)', [
      me.id,
      month,
    ]);
    await page.goto('/leaderboard');
    await page.getByTestId('your-position').getByText('#7').waitFor();
    const podium = page.getByTestId('monthly-leaderboard').getByTestId('leaderboard-row');
    expect(await podium.count()).toBe(3);
    expect(await podium.first().innerText()).toContain('Player1 P.');
    const others = page.getByTestId('other-rankings').getByTestId('leaderboard-row');
    expect(await others.count()).toBe(4);
    expect(await others.last().getAttribute('data-you')).toBe('true');
    expect(await others.last().innerText()).toContain('Seve B. (You)');
    await page.getByTestId('points-summary').getByText('Your Points Summary').waitFor();
    await screenshot(page, 'leaderboard');

    // The golfer's state: nobody else from TX has points.
    await page.getByRole('link', { name: 'TX' }).click();
    await page.waitForURL(/scope=state/);
    const rows = page.getByTestId('leaderboard-row');
    await page.getByTestId('your-position').getByText('#1').waitFor();
    expect(await rows.count()).toBe(1);

    await page.getByRole('link', { name: 'See the multiplier table ›' }).click();
    await page.waitForURL(/\/how-points-work$/);
    const table = page.getByTestId('multiplier-table');
    for (const text of ['0-2', '1.0x', '3-4', '1.25x', '15+', '3.0x']) {
      await table.getByText(text, { exact: true }).waitFor();
    }
    await screenshot(page, 'how-points-work');
  });
});
