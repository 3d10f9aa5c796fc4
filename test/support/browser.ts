import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CEILING } from './readiness';

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

export const BROWSER_TEST_TIMEOUT = CEILING.test;

/**
 * `describe` when chromium is installed. Without it the suite is skipped with the reason printed,
 * except on CI (`CI=true`), where a missing browser must fail the run instead of hiding it.
 */
export function describeBrowser(name: string, body: () => void): void {
  // Each suite boots a server and a browser; do not depend on the config for the time that takes.
  jest.setTimeout(BROWSER_TEST_TIMEOUT);
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

/**
 * Saves a full-page PNG to test-results/screenshots/<name>.png (kept as a CI artifact).
 *
 * Chromium's full-page capture leaves fixed elements (the tab bar) where they sit in the phone's
 * viewport, i.e. across the middle of a long page; so the viewport is stretched to the page's
 * height for the capture, which puts them where a visitor sees them once scrolled to the end.
 * While a dialog is open, the capture is the screen.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // With a dialog open the page behind cannot scroll: the screen is all there is to see.
  const dialogOpen = await page.getByRole('dialog').first().isVisible();
  const viewport = page.viewportSize();
  const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
  const height = await pageHeight();
  let stretched = false;
  if (!dialogOpen && viewport !== null && height > viewport.height) {
    await page.setViewportSize({ width: viewport.width, height });
    stretched = true;
    // A page whose height follows the screen's (min-h-screen below a header) grows with it:
    // stretching cannot settle, so such a page is captured the plain way.
    if ((await pageHeight()) > height) {
      await page.setViewportSize(viewport);
      stretched = false;
    }
  }
  try {
    await page.screenshot({ path: file, fullPage: !dialogOpen, animations: 'disabled' });
  } finally {
    if (stretched && viewport !== null) await page.setViewportSize(viewport);
  }
  return file;
}
