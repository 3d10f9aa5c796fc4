import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describeBrowser, screenshot } from '../support/browser';
import { insertLimitedTurnAnalysis, signUpInContext, useBrowserApp } from '../support/browser-app';

const PASSWORD = 'browser-admin-password-2026';

/** Every exercise's row for the workbook: a made-up video id of 11 characters per exercise. */
async function libraryWorkbook(
  exercises: Array<{ name: string; focus: string }>,
  bad?: { row: number; category: string },
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Exercise Videos');
  sheet.addRow(['Title', 'Category', 'Exercise', 'Video URL', 'Thumbnail', 'Duration']);
  exercises.forEach((e, i) => {
    const id = `vid${String(i).padStart(8, '0')}`;
    const category = bad && bad.row === i + 2 ? bad.category : e.focus;
    sheet.addRow([
      `${e.name} with a coach`,
      category,
      e.name,
      `https://youtu.be/${id}`,
      '',
      '2:10',
    ]);
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Issue 16, checks 1 and 3 at 390x844: sign-in, counts, a usage reset that gives a free golfer
 * the upload back, the audit log, the workbook download read back with exceljs, and an import
 * that is all or nothing and then plays in the golfer's workout.
 */
describeBrowser('the admin panel', () => {
  const s = useBrowserApp({ ADMIN_PASSWORD: PASSWORD });

  it('signs in, resets a free golfer’s upload, and logs it', async () => {
    const { page, db, browser, app } = s;
    // A free golfer who has used the one upload.
    const golferContext = await browser.newContext({
      baseURL: app.url,
      viewport: { width: 390, height: 844 },
    });
    const golfer = await signUpInContext(golferContext, {
      firstName: 'Freddie',
      lastName: 'Couples',
    });
    await db.query(
      `insert into upload_slots (id, user_id, slot, period_start) values (gen_random_uuid(), $1, 'free', 'epoch')`,
      [golfer.id],
    );
    const golferPage = await golferContext.newPage();
    await golferPage.goto('/upload');
    await golferPage.getByText('Upload Limit Reached').first().waitFor();

    await page.goto('/admin');
    await page.waitForURL(/\/admin-login$/); // no admin session: sent to sign in
    const submit = page.getByRole('button', { name: 'Access Admin Panel' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await submit.click();
    await page.getByRole('alert').getByText('Invalid admin password').waitFor();
    await screenshot(page, 'admin-login-invalid');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await submit.click();
    await page.waitForURL(/\/admin$/);
    const counts = page.getByTestId('admin-counts');
    await counts.getByText('Total Users').waitFor();
    const { rows } = await db.query<{ total: string; premium: string }>(
      `select count(*) as total, count(*) filter (where is_premium) as premium from users`,
    );
    await counts
      .getByText(Number(rows[0]!.total).toLocaleString('en-US'), { exact: true })
      .first()
      .waitFor();

    await page.getByLabel('Search users').fill('couples');
    const card = page.getByTestId('admin-user').filter({ hasText: golfer.email });
    await card.getByTestId('usage-videoUploads').getByText('1/1').waitFor();
    await card
      .getByTestId('usage-analysisViews')
      .getByText(/Unlimited/)
      .waitFor();
    await screenshot(page, 'admin-users');
    await card.getByRole('button', { name: 'Reset Video Uploads' }).click();
    await page.getByRole('status').filter({ hasText: 'Usage Reset' }).waitFor();
    await card.getByTestId('usage-videoUploads').getByText('0/1').waitFor();
    const audit = page.getByTestId('audit-log');
    await audit.getByText('Reset usage · videoUploadsUsed').waitFor();
    await audit.getByText(golfer.email, { exact: false }).first().waitFor();
    await screenshot(page, 'admin-reset-audit');

    // The golfer can upload again.
    await golferPage.reload();
    await golferPage.getByRole('button', { name: 'Analyze My Swing' }).waitFor();
    expect(await golferPage.getByText('Upload Limit Reached').count()).toBe(0);
    await golferContext.close();
  });

  it('downloads the video workbook and imports an edited one, all or nothing', async () => {
    const { page, context, db } = s;
    await page.goto('/admin-login');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('link', { name: 'Downloads' }).click();
    await page.waitForURL(/\/admin\/downloads$/);
    await page
      .getByTestId('video-stats')
      .getByText(/^0 videos in 0 categories/)
      .waitFor();

    const { rows: exercises } = await db.query<{ name: string; focus: string }>(
      `select name, focus_areas->>0 as focus from exercises where active order by name`,
    );
    const input = page.getByLabel('Workbook to import');
    await input.setInputFiles({
      name: 'videos.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await libraryWorkbook(exercises, { row: 5, category: 'Putting' }),
    });
    const errors = page.getByTestId('import-errors');
    await errors.getByText('Nothing was imported: 1 row has problems.').waitFor();
    await errors.getByText("Row 5: Unknown category 'Putting'.").waitFor();
    await screenshot(page, 'admin-import-rejected');
    expect((await db.query('select 1 from exercise_videos')).rows).toHaveLength(0);

    await input.setInputFiles({
      name: 'videos.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await libraryWorkbook(exercises),
    });
    await page.getByRole('status').filter({ hasText: 'Videos Imported' }).waitFor();
    await page
      .getByTestId('video-stats')
      .getByText(new RegExp(`^${exercises.length} videos in 7 categories`))
      .waitFor();
    await screenshot(page, 'admin-downloads');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download golf-exercise-videos.xlsx' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('golf-exercise-videos.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Exercise Videos')!;
    const fromSheet: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) fromSheet.push(`${String(row.getCell(3).value)}|${String(row.getCell(4).value)}`);
    });
    const { rows: stored } = await db.query<{ name: string; video_id: string }>(
      `select e.name, v.video_id from exercise_videos v join exercises e on e.slug = v.exercise_slug`,
    );
    expect(fromSheet.sort()).toEqual(
      stored.map((r) => `${r.name}|https://www.youtube.com/watch?v=${r.video_id}`).sort(),
    );

    // A premium golfer's Watch now plays the imported video.
    await context.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<html><body>player</body></html>' }),
    );
    const user = await signUpInContext(context);
    await db.query('update users set is_premium = true where id = $1', [user.id]);
    await insertLimitedTurnAnalysis(db, user.id);
    await page.goto('/daily-workout');
    const first = page.getByTestId('workout-exercise').first();
    const name = (await first.getAttribute('aria-label'))!;
    await first.getByRole('button', { name: 'Watch' }).click();
    const player = page.getByRole('dialog', { name }).getByTestId('exercise-video');
    await player.waitFor();
    const index = exercises.findIndex((e) => e.name === name);
    expect(await player.getAttribute('src')).toBe(
      `https://www.youtube-nocookie.com/embed/vid${String(index).padStart(8, '0')}`,
    );
  });
});
