import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from 'pg';
import type { Page } from 'playwright-core';
import {
  CLUBS_BY_LENGTH,
  SWING_EVENTS,
  speedBenchmark,
  type MetricKey,
  type PicturePlace,
  type SwingReport,
} from '../../src/modules/swing-engine/rules';
import { assessSwing } from '../../src/modules/swing-engine/domain/swing/swing-assessment';
import { weekStart, weeklyResetLabel } from '../../src/modules/analysis/domain/upload-quota';
import { describeBrowser, screenshot } from '../support/browser';
import { mp4Header } from '../support/mp4-header';
import { swingMetric } from '../support/swing-metric';
import { swingReport } from '../support/swing-report';
import {
  insertAnalysis,
  signUpInContext,
  storedResults,
  useBrowserApp,
  type AnalysisRow,
} from '../support/browser-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type State = 'complete' | 'failed' | 'in-progress';

/** An analysis row in a given state; in-progress rows hold a lease no runner takes over. */
async function insertSwing(
  db: Client,
  userId: string,
  state: State,
  row: AnalysisRow & { tourComparison?: 'pga' | 'lpga' } = {},
): Promise<string> {
  const id = await insertAnalysis(db, userId, row);
  await db.query(
    `update swing_analyses set status = $2::varchar, tour_comparison = $3,
       lease_owner = case when $2::varchar = 'running' then 'browser-test' end,
       lease_expires_at = case when $2::varchar = 'running' then now() + interval '1 day' end
     where id = $1`,
    [id, state === 'in-progress' ? 'running' : state, row.tourComparison ?? null],
  );
  return id;
}

/** An MP4 header whose sample description names `codec` (what the browser sniffs). */
const mp4Bytes = (codec: string) => mp4Header(codec, 2048);

async function chooseFaceOn(page: Page, name: string, buffer: Buffer, mimeType = 'video/mp4') {
  await page.locator('input[name="faceOnVideo"]').setInputFiles({ name, mimeType, buffer });
  await page.getByTestId('drop-zone-faceOnVideo').getByText(name).waitFor();
}

/** An alert's title and message, one per line. */
async function alertText(page: Page, testId: string): Promise<string> {
  const alert = page.getByTestId(testId);
  await alert.waitFor();
  return (await alert.innerText()).trim().replace(/\n+/g, '\n');
}

const fileError = (page: Page) => alertText(page, 'file-error-faceOnVideo');
const uploadError = (page: Page) => alertText(page, 'upload-error');

describeBrowser('swing analysis screens', () => {
  const s = useBrowserApp();

  it('checks files and launch data in the browser, before anything is sent', async () => {
    const { page, context } = s;
    await signUpInContext(context);
    const uploads: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/swing-analyses'))
        uploads.push(req.url());
    });
    await page.goto('/upload');
    await page.getByTestId('upload-quota').getByText('0/1 used').waitFor();
    await page
      .getByTestId('drop-zone-downTheLineVideo')
      .getByText('Down-the-line video analysis is available for Premium users only.')
      .waitFor();

    await page.getByRole('button', { name: 'Analyze My Swing' }).click();
    expect(await uploadError(page)).toBe(
      'Face-On Video Required\nPlease upload a face-on view video to proceed.',
    );

    await chooseFaceOn(page, 'empty.mp4', Buffer.alloc(0));
    expect(await fileError(page)).toBe('Invalid Video File\nVideo file appears to be empty');
    await chooseFaceOn(page, 'notes.mp4', Buffer.from('just some text, not a video'));
    expect(await fileError(page)).toBe('Invalid Video File\nSelected file is not a video');
    // A tiny file's size is told honestly, not rounded up to '0.1 MB'.
    await page
      .getByTestId('drop-zone-faceOnVideo')
      .getByText('27 bytes', { exact: true })
      .waitFor();
    await chooseFaceOn(page, 'swing.exe', Buffer.from('MZ'), 'application/octet-stream');
    expect(await fileError(page)).toBe('Video Format Not Supported\nEXE format is not supported');
    await chooseFaceOn(page, 'IMG_0001.MOV', mp4Bytes('hvc1'), 'video/quicktime');
    expect(await fileError(page)).toMatch(
      /^iPhone Video Format Not Supported\nThis video uses the HEVC \(H.265\) format.*Most Compatible/,
    );
    await screenshot(page, 'upload-hevc-refused');
    await chooseFaceOn(page, 'edit.mov', mp4Bytes('apcn'), 'video/quicktime');
    expect(await fileError(page)).toMatch(
      /^Professional Video Format Not Supported\nThis video uses Apple ProRes/,
    );

    const dir = mkdtempSync(path.join(os.tmpdir(), 'big-video-'));
    try {
      const big = path.join(dir, 'big.mp4');
      writeFileSync(big, mp4Bytes('avc1'));
      truncateSync(big, 101 * 1024 * 1024); // sparse: 101 MB on paper, nothing on disk
      await page.locator('input[name="faceOnVideo"]').setInputFiles(big);
      expect(await fileError(page)).toBe(
        'File Too Large\nFile size (101.0 MB) exceeds 100MB limit',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // A file that passes the browser's checks; now the launch monitor rules.
    await chooseFaceOn(page, 'swing.mp4', mp4Bytes('avc1'));
    await page.getByText('Tap to change').waitFor();
    // 2 KB of data after its boxes: a couple of kilobytes, one decimal.
    const kilobytes = `${(mp4Bytes('avc1').length / 1024).toFixed(1)} KB`;
    expect(kilobytes).toMatch(/^2\.\d KB$/);
    await page.getByTestId('drop-zone-faceOnVideo').getByText(kilobytes, { exact: true }).waitFor();
    expect(await page.getByTestId('file-error-faceOnVideo').count()).toBe(0);
    await page.getByRole('button', { name: /Launch Monitor Data/ }).click();
    const form = page.getByTestId('launch-monitor-form');
    await form.locator('input[name="clubSpeed"]').fill('95');
    await page.getByRole('button', { name: 'Analyze My Swing' }).click();
    expect(await uploadError(page)).toMatch(/^Incomplete Launch Monitor Data\n/);
    await form.locator('select[name="gender"]').selectOption('female');
    await form.locator('select[name="clubSelection"]').selectOption('driver');
    await form.locator('input[name="total"]').waitFor(); // total is asked with the driver only
    await form.locator('input[name="clubSpeed"]').fill('-5');
    await form.locator('input[name="ballSpeed"]').fill('140');
    await page.getByRole('button', { name: 'Analyze My Swing' }).click();
    expect(await uploadError(page)).toBe(
      'Invalid Speed Values\nClub speed and ball speed must be positive.',
    );
    await form.locator('input[name="clubSpeed"]').fill('160');
    await page.getByRole('button', { name: 'Analyze My Swing' }).click();
    await form.getByText('Club speed must be between 0 and 150 mph.').waitFor();
    await screenshot(page, 'upload-launch-data-refused');
    expect(uploads).toEqual([]);

    // What only the server can tell (the bytes do not decode) comes back with its words.
    await form.locator('input[name="clubSpeed"]').fill('95');
    await page.getByRole('button', { name: 'Analyze My Swing' }).click();
    const refused = page.getByTestId('upload-error');
    await refused.getByText('Invalid Video File').waitFor();
    expect(uploads).toHaveLength(1);
    expect(page.url()).toMatch(/\/upload$/);
  });

  it('shows the upgrade prompt to a free golfer who used the upload', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context);
    const id = await insertSwing(db, user.id, 'complete', {
      createdAt: new Date(Date.now() - DAY),
    });
    await db.query(
      `insert into upload_slots (id, user_id, slot, period_start, analysis_id)
       values (gen_random_uuid(), $1, 'free', to_timestamp(0), $2)`,
      [user.id, id],
    );
    await db.query('update users set video_uploads_used = 1 where id = $1', [user.id]);

    await page.goto('/upload?club=driver');
    const prompt = page.getByTestId('upgrade-prompt');
    await prompt.getByRole('heading', { name: 'Upload Limit Reached' }).waitFor();
    await prompt
      .getByText("You've used your free video upload. Upgrade to premium for weekly uploads.")
      .waitFor();
    await screenshot(page, 'upload-limit-reached');
    await prompt.getByRole('link', { name: 'Upgrade Now' }).click();
    await page.waitForURL(/\/profile$/);
    await page.goBack();
    await prompt.getByRole('link', { name: 'Return to Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/analysis');
    const uploadsCard = page.getByTestId('video-uploads');
    await uploadsCard.getByText('1/1').waitFor();
    expect(await uploadsCard.getByRole('button', { name: 'Limit Reached' }).isDisabled()).toBe(
      true,
    );
    await uploadsCard.getByRole('link', { name: 'Upgrade for Weekly Uploads' }).waitFor();
  });

  it("lets a premium golfer's launch data name any benchmark club, starting from the slot's", async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context);
    await db.query('update users set is_premium = true where id = $1', [user.id]);
    await page.goto('/upload');
    await page.getByRole('radio', { name: /Driver/ }).click();
    await page.getByRole('button', { name: /Launch Monitor Data/ }).click();
    const select = page.getByTestId('launch-monitor-form').locator('select[name="clubSelection"]');
    expect(await select.isDisabled()).toBe(false);
    expect(await select.inputValue()).toBe('driver');
    const options = await select
      .locator('option')
      .evaluateAll((all: HTMLOptionElement[]) => all.map((o) => o.value).filter(Boolean));
    expect(options).toEqual([...CLUBS_BY_LENGTH]);
    await select.selectOption('5-iron');
    await page.getByRole('radio', { name: /7-Iron/ }).click();
    // The golfer's pick stays when the slot changes.
    expect(await select.inputValue()).toBe('5-iron');
    await screenshot(page, 'upload-launch-club-picker');
  });

  it('tells a premium golfer at the weekly limit when the slots reopen, not to upgrade', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context);
    await db.query('update users set is_premium = true where id = $1', [user.id]);
    const week = weekStart(new Date(), 'America/Chicago');
    for (const slot of ['driver', '7-iron']) {
      const id = await insertSwing(db, user.id, 'complete', { clubSelection: slot });
      await db.query(
        `insert into upload_slots (id, user_id, slot, period_start, analysis_id)
         values (gen_random_uuid(), $1, $2, $3, $4)`,
        [user.id, slot, week, id],
      );
    }
    await page.goto('/upload');
    const prompt = page.getByTestId('upgrade-prompt');
    await prompt.getByRole('heading', { name: 'Weekly Upload Limit Reached' }).waitFor();
    const reopen = weeklyResetLabel(new Date(), 'America/Chicago');
    await prompt.getByText(`Your slots open again ${reopen}.`, { exact: false }).waitFor();
    expect(reopen).toMatch(/^Sunday, \w+ \d+ at 12:00 AM C[SD]T$/);
    expect(await prompt.getByRole('link', { name: 'Upgrade Now' }).count()).toBe(0);
    await screenshot(page, 'upload-weekly-limit-premium');
    await prompt.getByRole('link', { name: 'View My Analyses' }).click();
    await page.waitForURL(/\/analysis$/);
  });

  it('lists the history with its states, ages and count, and deletes with a confirmation', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context);
    const now = Date.now();
    await insertSwing(db, user.id, 'complete', {
      createdAt: new Date(now - 2 * HOUR),
      clubSelection: 'driver',
      clubSpeed: 101.5,
      ballSpeed: 150,
      analysisResults: {
        mobilityAnalysis: { shoulderTurn: '88° (good)', hipRotation: '42° (good)' },
      },
    });
    await insertSwing(db, user.id, 'failed', { createdAt: new Date(now - DAY - HOUR) });
    await insertSwing(db, user.id, 'in-progress', { createdAt: new Date(now - 60_000) });
    await insertSwing(db, user.id, 'complete', {
      createdAt: new Date(now - 3 * DAY),
      keyIssues: [
        'Early extension',
        'Lateral sway',
        'Limited hip rotation',
        'Head movement',
        'Tempo',
      ],
    });

    await page.goto('/analysis');
    await page.getByRole('heading', { name: 'Swing Analysis' }).waitFor();
    await page
      .getByText(
        'Free users can upload videos but detailed AI analysis is available for Premium users only.',
      )
      .waitFor();
    const averages = page.getByTestId('monthly-averages');
    await averages.getByText('Monthly Performance Averages').waitFor();
    await averages.getByTestId('average-Driver').getByText('101.5 mph').waitFor();
    await averages.getByTestId('average-7 Iron').getByText('No 7 Iron data this month').waitFor();

    expect(await page.getByTestId('completed-count').innerText()).toBe('2 completed');
    const items = page.getByTestId('history-item');
    expect(await items.count()).toBe(4);
    const cards = page.getByTestId('analysis-card');
    expect(
      await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-state'))),
    ).toEqual(['in-progress', 'complete', 'failed', 'complete']);
    await items.nth(0).getByText('AI analysis in progress...').waitFor();
    await items.nth(0).getByText('Just now').waitFor();
    await items.nth(1).getByText('2 hours ago').waitFor();
    await items.nth(1).getByText('88°', { exact: true }).waitFor();
    expect(await items.nth(1).innerText()).toMatch(/Shoulder turn\s+88°\s+\(good\)/);
    await items.nth(2).getByText('Unable to analyze video. Please try uploading again.').waitFor();
    expect(
      await items.nth(2).getByRole('button', { name: 'View Error Details' }).isDisabled(),
    ).toBe(true);
    await items.nth(2).getByText('1 day ago').waitFor();
    await items.nth(3).getByText('3 days ago').waitFor();
    await items.nth(3).getByText('+2 more').waitFor();
    await screenshot(page, 'analysis-history');

    // Cancel keeps it; Delete removes it with the success toast.
    await items.nth(3).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog
      .getByText('Are you sure you want to delete this analysis? This action cannot be undone.')
      .waitFor();
    await screenshot(page, 'analysis-delete-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await items.count()).toBe(4);
    await items.nth(3).getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByText('Your swing analysis has been deleted successfully.', { exact: true })
      .waitFor();
    await page.getByText('Analysis deleted', { exact: true }).waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="history-item"]').length === 3,
    );
    expect(await page.getByTestId('completed-count').innerText()).toBe('1 completed');

    // A refused delete keeps the item and says so.
    await page.route('**/api/swing-analyses/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 400, body: 'refused' })
        : route.continue(),
    );
    await items.nth(0).getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Failed to delete analysis. Please try again.', { exact: true }).waitFor();
    expect(await items.count()).toBe(3);
    await screenshot(page, 'analysis-delete-failed');

    await items.nth(1).getByRole('link', { name: 'View' }).click();
    await page.waitForURL(/\/analysis\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Detailed Analysis' }).waitFor();
  });

  it('shows the latest analysis on Home in its in-progress and failed states', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context, { firstName: 'Nelly' });
    const latest = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Latest Analysis Results' }) });
    const running = await insertSwing(db, user.id, 'in-progress');
    await page.goto('/');
    await latest.getByText('AI analysis in progress...').waitFor();
    await screenshot(page, 'home-analysis-in-progress');

    await db.query(`update swing_analyses set status = 'failed' where id = $1`, [running]);
    await page.reload();
    await latest.getByText('Analysis Failed', { exact: true }).waitFor();
    await latest.getByText('Unable to analyze video. Please try uploading again.').waitFor();
    expect(await latest.getByRole('button', { name: 'View Error Details' }).isDisabled()).toBe(
      true,
    );
    await latest.getByRole('link', { name: 'View' }).click();
    await page.waitForURL(/\/analysis$/);
  });

  it('shows an empty history to a golfer without analyses', async () => {
    const { page, context } = s;
    await signUpInContext(context);
    await page.goto('/analysis');
    await page.getByText('No Analyses Yet').waitFor();
    expect(await page.getByTestId('completed-count').innerText()).toBe('0 completed');
    await screenshot(page, 'analysis-empty');
  });

  it('gives free golfers the summary and premium golfers the full detail', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context);
    const now = Date.now();
    const id = await insertSwing(db, user.id, 'complete', {
      createdAt: new Date(now - HOUR),
      clubSelection: 'driver',
      clubSpeed: 100,
      ballSpeed: 140,
      tourComparison: 'lpga',
      keyIssues: ['Limited shoulder turn (70°)', 'Early extension', 'Lateral sway', 'Tempo'],
      analysisResults: {
        mobilityAnalysis: {
          shoulderTurn: '70° (limited)',
          hipRotation: '45° (good)',
          xFactor: '25°',
        },
      },
    });
    await insertSwing(db, user.id, 'complete', {
      createdAt: new Date(now - 2 * DAY),
      clubSelection: 'driver',
      clubSpeed: 96,
      ballSpeed: 140,
    });

    await page.goto(`/analysis/${id}`);
    const summary = page.getByTestId('free-summary');
    await summary.getByText('100 mph').waitFor();
    await summary.getByText('140 mph').waitFor();
    await summary.getByText('70°', { exact: true }).waitFor();
    await summary.getByText('45°', { exact: true }).waitFor();
    expect(await summary.getByRole('listitem').count()).toBe(3);
    await page.getByTestId('free-notice').waitFor();
    expect(await page.getByTestId('launch-monitor-card').count()).toBe(0);
    await screenshot(page, 'analysis-detail-free');

    await db.query('update users set is_premium = true where id = $1', [user.id]);
    await page.reload();
    const tour = page.getByTestId('launch-monitor-card');
    await tour.getByText('Driver compared to LPGA Tour (female) averages').waitFor();
    const female = speedBenchmark('driver', 'tourFemale');
    expect(await tour.getByTestId('tour-clubSpeed').innerText()).toContain(
      `${female.clubSpeed} mph`,
    );
    const progress = page.getByTestId('monthly-progress');
    // Average of 100 and 96 is 98: +2 mph, +2%.
    expect(await progress.getByTestId('progress-clubSpeed').innerText()).toContain(
      '↑ +2 mph (+2%) vs month avg',
    );
    expect(await progress.getByTestId('progress-ballSpeed').innerText()).toContain('On average');
    const mobility = page.getByTestId('mobility-card');
    expect(
      await mobility.getByRole('meter', { name: 'Shoulder Turn' }).getAttribute('aria-valuenow'),
    ).toBe('70');
    await mobility.getByText('Target 85-95°').waitFor();
    await mobility.getByText('Target 40-50°').first().waitFor();
    await page.getByRole('link', { name: "Today's Workout" }).waitFor();
    await screenshot(page, 'analysis-detail-premium-no-video');
  });

  it('says what an untrusted face-on estimate needs instead of its number, free and premium', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context);
    const rotation = (key: MetricKey, value: number) => swingMetric(key, value, 0.24);
    // A face-on analysis as the engine stores it: the rotations read short and are untrusted
    // (decision 0013), so they are in the report's metrics and not in mobilityAnalysis.
    const metrics = [
      rotation('shoulderTurn', 47.3),
      rotation('hipTurn', 21.7),
      rotation('xFactor', 25.6),
      swingMetric('headMovement', 12, 0.8),
    ];
    const report = swingReport(metrics, { spineAngle: '38°' });
    report.assessment = assessSwing(metrics);
    const id = await insertSwing(db, user.id, 'complete', {
      clubSelection: '7-iron',
      keyIssues: report.assessment.keyIssues,
      swingWeaknesses: report.assessment.weaknesses,
      swingStrengths: report.assessment.strengths,
      recommendations: report.assessment.recommendations,
      analysisResults: { report },
    });
    await page.goto(`/analysis/${id}`);
    const summary = page.getByTestId('free-summary');
    await summary.getByText('Head moves 12 cm before impact').waitFor();
    expect(await summary.getByText('Needs a down-the-line video to measure').count()).toBe(2);
    const text = await summary.innerText();
    expect(text).not.toMatch(/47°|22°|confidence/);
    await screenshot(page, 'analysis-detail-free-untrusted');

    await db.query('update users set is_premium = true where id = $1', [user.id]);
    await page.reload();
    const assessment = page.getByTestId('swing-assessment');
    await assessment.getByText('Areas to Improve').waitFor();
    const listed = await assessment.innerText();
    // One voice: the head is the one finding; no rotation judged, no 'No key issue'.
    expect(listed).toContain('Head moves 12 cm between address and impact');
    expect(listed).not.toMatch(/shoulder turn:|hip rotation:|X-factor of|No key issue/i);
    const mobility = page.getByTestId('mobility-card');
    expect(await mobility.getByText('Needs a down-the-line video to measure').count()).toBe(3);
    expect(await mobility.innerText()).not.toMatch(/47°|22°|26°|Below target|confidence/);
    await mobility.scrollIntoViewIfNeeded();
    await screenshot(page, 'analysis-detail-mobility-untrusted');
    await assessment.scrollIntoViewIfNeeded();
    await screenshot(page, 'analysis-detail-assessment-untrusted');
  });

  it('says how many swings a video holds, which golfer is analysed, and a picture on its side', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context);
    await db.query('update users set is_premium = true where id = $1', [user.id]);
    /**
     * A complete analysis whose face-on video held `found` swings, counted over all of it or
     * not, where the golfer analysed was beside another person (if anyone), and how far its
     * picture was turned to stand the golfer upright (if at all).
     */
    const withSwings = async (
      found: number,
      atLeast: boolean,
      place?: PicturePlace,
      turned?: 90 | 180 | 270,
    ) => {
      const report = swingReport([]);
      const events = Object.fromEntries(
        SWING_EVENTS.map((name, k) => [
          name,
          { frame: 30 + 5 * k, time: (30 + 5 * k) / 30, basis: 'detected', confidence: 0.9 },
        ]),
      ) as SwingReport['faceOn']['events'];
      report.faceOn = {
        ...report.faceOn,
        events,
        swingsFound: found,
        swingsFoundAtLeast: atLeast,
        ...(place ? { analysedGolferPlace: place } : {}),
        ...(turned ? { pictureTurned: turned } : {}),
      };
      const id = await insertSwing(db, user.id, 'complete', {
        clubSelection: '7-iron',
        analysisResults: storedResults(report),
      });
      // The video file itself is not needed to show the card's text.
      await db.query('update swing_analyses set face_on_video_url = $2 where id = $1', [
        id,
        `/api/swing-analyses/${id}/video/face-on`,
      ]);
      return id;
    };
    const card = page.getByTestId('swing-video');

    await page.goto(`/analysis/${await withSwings(5, true)}`);
    await card
      .getByText('This video holds at least 5 swings: the clearest one is analysed.')
      .waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'analysis-detail-swings-at-least');

    await page.goto(`/analysis/${await withSwings(3, false)}`);
    await card.getByText('This video holds 3 swings: the clearest one is analysed.').waitFor();

    await page.goto(`/analysis/${await withSwings(1, false)}`);
    await card.getByRole('button', { name: /Impact/ }).waitFor();
    expect(await card.getByText(/This video holds/).count()).toBe(0);
    expect(await card.getByText(/Another person/).count()).toBe(0);
    expect(await card.getByText(/on its side|upside down/).count()).toBe(0);

    await page.goto(`/analysis/${await withSwings(2, false, 'right')}`);
    await card
      .getByText('Another person is in this video: the golfer on the right is analysed.')
      .waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'analysis-detail-golfer-beside-another');

    for (const [turned, how] of [
      [180, 'upside down'],
      [270, 'on its side'],
    ] as const) {
      await page.goto(`/analysis/${await withSwings(1, false, undefined, turned)}`);
      await card
        .getByText(`This video is ${how}: the golfer is measured as if it were upright.`)
        .waitFor();
    }
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'analysis-detail-picture-on-its-side');
  });

  it('shows the error states of the detail page', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context);
    const explained = await insertSwing(db, user.id, 'failed', {
      analysisResults: {
        failure: {
          reason: 'no-golfer',
          title: 'Analysis Failed',
          message: 'No golfer was found in the video.',
        },
      },
    });
    const silent = await insertSwing(db, user.id, 'failed');

    await page.goto(`/analysis/${explained}`);
    const error = page.getByTestId('analysis-error');
    await error.getByText('No golfer was found in the video.').waitFor();
    await error.getByRole('link', { name: 'Upload New Video' }).waitFor();
    await page.goto(`/analysis/${silent}`);
    await error
      .getByText('Video analysis failed. Please try uploading again with a clearer video file.')
      .waitFor();
    await screenshot(page, 'analysis-detail-failed');
    await page.goto('/analysis/00000000-0000-4000-8000-000000000000');
    await error.getByText('Analysis not found. Please try again.').waitFor();
  });

  it('runs the loading screen: steps, failure view, and results at 100%', async () => {
    const { page, context, db } = s;
    const user = await signUpInContext(context);
    await page.goto('/analysis-loading');
    await page.waitForURL(/\/upload$/);

    const running = await insertSwing(db, user.id, 'in-progress');
    await page.goto(`/analysis-loading/${running}`);
    await page.getByRole('heading', { name: 'Analyzing Your Swing' }).waitFor();
    const steps = page.getByTestId('analysis-loading').getByRole('listitem');
    expect(await steps.allInnerTexts()).toEqual([
      'Processing video upload',
      'Analyzing swing biomechanics',
      'Calculating mobility measurements',
      'Generating recommendations',
    ]);
    // The first step lasts 2 s; the bar climbs 3% a second. Read in the page, in the frame the
    // step is done, so a slow test process cannot see a later percentage.
    const atFirstStep = await page.waitForFunction(
      () =>
        document.querySelector('li[data-state="done"]') &&
        document.querySelector('[data-testid="loading-percent"]')?.textContent,
      undefined,
      { polling: 'raf' },
    );
    const percent = Number(String(await atFirstStep.jsonValue()).replace('%', ''));
    expect(percent).toBeGreaterThanOrEqual(5);
    expect(percent).toBeLessThan(20);
    await screenshot(page, 'analysis-loading-steps');

    // The poll sees it complete: 100%, then the results a second later.
    await db.query(`update swing_analyses set status = 'complete' where id = $1`, [running]);
    await page.getByTestId('loading-percent').getByText('100%').waitFor();
    await page.waitForURL(new RegExp(`/analysis/${running}$`));

    const failed = await insertSwing(db, user.id, 'failed');
    await page.goto(`/analysis-loading/${failed}`);
    const failure = page.getByTestId('analysis-failed');
    await failure.getByRole('heading', { name: 'Analysis Failed' }).waitFor();
    await failure
      .getByText(
        "We couldn't process your swing video. This might be due to video quality or processing issues.",
      )
      .waitFor();
    await screenshot(page, 'analysis-loading-failed');
    await failure.getByRole('link', { name: 'Try Again' }).waitFor();
    await failure.getByRole('link', { name: 'Back to Home' }).waitFor();
    await failure.getByRole('link', { name: 'View Analysis Results' }).click();
    await page.waitForURL(new RegExp(`/analysis/${failed}$`));

    // A poll that errors (unknown id) fails too.
    await page.goto('/analysis-loading/00000000-0000-4000-8000-000000000000');
    await failure.waitFor();
  });
});
