import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium (`apt-get install chromium`); CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A phone: every page of the app is designed for this width first. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

export const SCREENSHOT_DIR = path.resolve(__dirname, '../../test-results/screenshots');

/**
 * `describe` when chromium is installed. Without it the suite is skipped with the reason printed,
 * except on CI (`CI=true`), where a missing browser must fail the run instead of hiding it.
 */
export function describeBrowser(name: string, body: () => void): void {
  if (existsSync(CHROMIUM_PATH)) {
    describe(name, body);
    return;
  }
  const reason = `chromium is not installed at ${CHROMIUM_PATH} (apt-get install -y chromium)`;
  if (process.env['CI'] === 'true') throw new Error(`browser tests cannot run on CI: ${reason}`);
  console.warn(`Skipping browser suite "${name}": ${reason}.`);
  describe.skip(name, body);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A fresh, isolated phone-sized context (no cookies, no storage) for one test. */
export function newPhoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: PHONE_VIEWPORT });
}

/** Saves a full-page PNG to test-results/screenshots/<name>.png (kept as a CI artifact). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}
