import { swingMetric } from './swing-metric';
import { swingReport } from './swing-report';
import type { SwingReport } from '../../src/modules/swing-engine/rules';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, type RunningApp } from './app-server';
import { launchBrowser, newPhoneContext } from './browser';
import { CEILING } from './readiness';

/** What a browser suite works with; `context` and `page` are fresh for every test. */
export interface BrowserSuite {
  readonly app: RunningApp;
  readonly browser: Browser;
  readonly db: Client;
  readonly context: BrowserContext;
  readonly page: Page;
}

/**
 * One app (fresh database, `env` added to its environment), one chromium and one pg connection
 * per suite; a new phone-sized context per test. A test fails when its page threw or logged a console error (a hydration
 * mismatch, a CSP violation, a crash); 4xx resource loads are expected and ignored.
 */
export function useBrowserApp(env: Record<string, string> = {}): BrowserSuite {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let db: Client | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let problems: string[] = [];

  beforeAll(async () => {
    // Sign-in is rate-limited per client; every test here signs in from 127.0.0.1.
    app = await startApp({ LOGIN_RATE_LIMIT: '1000', ...env });
    browser = await launchBrowser();
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await browser?.close();
    await app?.stop();
  });

  beforeEach(async () => {
    problems = [];
    context = await newPhoneContext(need(browser, 'browser'), need(app, 'app').url);
    // Locators wait for what they look for; this is only the safety net of a loaded machine.
    context.setDefaultTimeout(CEILING.ui);
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
      problems.push(`console error: ${text}`);
    });
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
    page = undefined;
    if (problems.length) {
      throw new Error(
        `the page reported problems:\n${problems.join('\n')}\n${app?.output() ?? ''}`,
      );
    }
  });

  return {
    get app() {
      return need(app, 'app');
    },
    get browser() {
      return need(browser, 'browser');
    },
    get db() {
      return need(db, 'db');
    },
    get context() {
      return need(context, 'context');
    },
    get page() {
      return need(page, 'page');
    },
  };
}

function need<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`${name} is not ready (beforeAll/beforeEach failed?)`);
  return value;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

let emailCounter = 0;
export function uniqueEmail(prefix = 'golfer'): string {
  emailCounter += 1;
  return `${prefix}.${Date.now()}.${emailCounter}@example.test`;
}

/** Creates an account through the API, leaving `context` signed in as it (cookies are shared). */
export async function signUpInContext(
  context: BrowserContext,
  overrides: Partial<Omit<TestUser, 'id'>> = {},
): Promise<TestUser> {
  const user = {
    email: uniqueEmail(),
    password: 'correct-horse-battery',
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
  const csrf = await context.request.get('/api/auth/csrf');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await context.request.post('/api/signup', {
    data: user,
    headers: { 'x-csrf-token': csrfToken, accept: 'application/json' },
  });
  if (res.status() !== 201) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return { id, ...user };
}

/** Marks onboarding as done in this context, as a returning visitor's browser would have it. */
export async function skipOnboarding(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => window.localStorage.setItem('onboardingComplete', '1'));
}

export interface AnalysisRow {
  createdAt?: Date;
  clubSelection?: string | null;
  clubSpeed?: number | null;
  ballSpeed?: number | null;
  keyIssues?: string[] | null;
  swingStrengths?: string[] | null;
  swingWeaknesses?: string[] | null;
  recommendations?: string[] | null;
  /** Default queued. */
  status?: 'queued' | 'running' | 'complete' | 'failed';
  /** The analysis_results column as some version of the app stored it (any shape it reads). */
  analysisResults?: object | null;
}

/** Inserts a swing analysis row straight into the database (upload is not built yet). */
export async function insertAnalysis(
  db: Client,
  userId: string,
  row: AnalysisRow,
): Promise<string> {
  const id = randomUUID();
  const json = (value: unknown) =>
    value === null || value === undefined ? null : JSON.stringify(value);
  await db.query(
    `insert into swing_analyses (id, user_id, created_at, club_selection, club_speed, ball_speed,
       key_issues, analysis_results, status, swing_strengths, swing_weaknesses, recommendations)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      id,
      userId,
      row.createdAt ?? new Date(),
      row.clubSelection ?? null,
      row.clubSpeed ?? null,
      row.ballSpeed ?? null,
      json(row.keyIssues),
      json(row.analysisResults),
      row.status ?? 'queued',
      json(row.swingStrengths),
      json(row.swingWeaknesses),
      json(row.recommendations),
    ],
  );
  return id;
}

export interface NotificationRow {
  type?: string;
  title: string;
  message?: string;
  isRead?: boolean;
  createdAt?: Date;
  /** The app path it opens. */
  link?: string;
}

export async function insertNotification(
  db: Client,
  userId: string,
  row: NotificationRow,
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into notifications (id, user_id, type, title, message, is_read, created_at, link)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      id,
      userId,
      row.type ?? 'achievement',
      row.title,
      row.message ?? `${row.title}: details`,
      row.isRead ?? false,
      row.createdAt ?? new Date(),
      row.link ?? null,
    ],
  );
  return id;
}

/**
 * Retries `assertion` until it passes or `timeout` ms pass, then throws its last error: jest's
 * answer to Playwright's `expect.poll`, for what a locator cannot wait for by itself.
 */
export async function eventually<T>(
  assertion: () => Promise<T> | T,
  { timeout = CEILING.ui, interval = 50 }: { timeout?: number; interval?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }
}

/**
 * A complete analysis whose trusted shoulder turn is limited (62 degrees): the daily workout's
 * first focus area is then Thoracic Spine Mobility, with that measured reason.
 */
export async function insertLimitedTurnAnalysis(db: Client, userId: string): Promise<string> {
  const report = swingReport([swingMetric('shoulderTurn', 62, 0.8)], {
    shoulderTurn: '62° (limited)',
  });
  return insertAnalysis(db, userId, { status: 'complete', analysisResults: storedResults(report) });
}

/** The analysis_results column for an engine report, as the app stores it: no media, no coaching. */
export function storedResults(report: SwingReport): object {
  return {
    version: 2,
    report,
    coaching: null,
    media: { poseTracks: [], eventStills: [] },
    timings: null,
    failure: null,
  };
}
