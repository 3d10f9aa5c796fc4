import type { Page } from 'playwright-core';
import { describeBrowser, screenshot } from '../support/browser';
import {
  signUpInContext,
  skipOnboarding,
  uniqueEmail,
  useBrowserApp,
} from '../support/browser-app';

async function expectSignedInHome(page: Page, firstName: string) {
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: `Let's get started, ${firstName}!` }).waitFor();
  await page.getByText('Your Golf Fitness Journey Begins Here!').waitFor();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

describeBrowser('sign up, log out, sign in', () => {
  const s = useBrowserApp();

  it('signs up through /signup and lands on Home signed in', async () => {
    const { page } = s;
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill(uniqueEmail('grace'));
    await page.getByLabel('Password').fill('navy-cobol-1906');
    await screenshot(page, 'auth-signup-filled');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expectSignedInHome(page, 'Grace');
    expect((await page.getByTestId('avatar').innerText()).trim()).toBe('GH');
    await screenshot(page, 'auth-home-after-signup');
  });

  it('logs out from /profile: toast Logged Out, then the public landing screen', async () => {
    const { page, context } = s;
    await signUpInContext(context, { firstName: 'Linus' });
    await skipOnboarding(context);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Log Out' }).click();

    const toast = page.getByRole('status').filter({ hasText: 'Logged Out' });
    await toast.waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('landing').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByTestId('avatar').count()).toBe(0);
    await screenshot(page, 'auth-logged-out');

    // Really signed out: the server no longer knows the session.
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('landing').waitFor();
    expect((await context.request.get('/api/auth/user')).status()).toBe(401);
  });

  it('signs in through /login and lands on Home', async () => {
    const { page, context, browser, app } = s;
    // The account is created elsewhere, so this browser starts signed out.
    const other = await browser.newContext({ baseURL: app.url });
    const user = await signUpInContext(other, { firstName: 'Katherine', lastName: 'Johnson' });
    await other.close();

    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expectSignedInHome(page, 'Katherine');
    expect((await page.getByTestId('avatar').innerText()).trim()).toBe('KJ');
    expect((await context.request.get('/api/auth/user')).status()).toBe(200);
  });

  it('a wrong password shows the error on /login and keeps the email typed', async () => {
    const { page, browser, app } = s;
    const other = await browser.newContext({ baseURL: app.url });
    const user = await signUpInContext(other);
    await other.close();

    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();

    const error = page.getByRole('alert').filter({ hasText: /incorrect email or password/i });
    await error.waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    await screenshot(page, 'auth-login-wrong-password');

    // The message is one-shot: a reload shows a clean form.
    await page.reload();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await error.count()).toBe(0);
  });

  it('a stale sign-in form comes back with a message and the email typed, not raw JSON', async () => {
    const { page, context } = s;
    await page.goto('/login');
    await page.getByLabel('Email').fill('stale@example.com');
    await page.getByLabel('Password').fill('whatever-it-was');
    // The form's token no longer matches: as after a server restart with a new secret, or a
    // cookie cleared in another tab.
    await context.clearCookies();
    await page.getByRole('button', { name: 'Sign In' }).click();

    await page
      .getByRole('alert')
      .filter({ hasText: 'Your session expired. Please try again.' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByLabel('Email').inputValue()).toBe('stale@example.com');
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    await screenshot(page, 'auth-login-stale-form');
  });

  it('a password that is easy to guess is refused at sign-up, next to the field', async () => {
    const { page } = s;
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Bobby');
    await page.getByLabel('Last name').fill('Jones');
    await page.getByLabel('Email').fill(uniqueEmail('bobby'));
    await page.getByLabel('Password').fill('password');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.getByText(/This password is too easy to guess/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    expect(await page.getByLabel('First name').inputValue()).toBe('Bobby');
    await screenshot(page, 'auth-signup-weak-password');
  });

  it('keeps the names typed when the server refuses the sign-up (an email already used)', async () => {
    const { page } = s;
    const email = uniqueEmail('taken');
    await signUpInContext(s.context, { email });
    await s.context.clearCookies();
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Annika');
    await page.getByLabel('Last name').fill('Sorenstam');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long and unusual passphrase 42');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.getByRole('alert').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    expect(await page.getByLabel('First name').inputValue()).toBe('Annika');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Sorenstam');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await screenshot(page, 'auth-signup-email-taken');
  });

  it('changes the password from Profile (Change Password goes through /api/login)', async () => {
    const { page, context, app } = s;
    const user = await signUpInContext(context, { firstName: 'Annika' });
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Change Password' }).click();
    await page.waitForURL((url) => url.pathname === '/change-password');
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();

    // A wrong current password and a mismatch are refused with messages under the fields.
    await page.getByLabel('Current password').fill('wrong-password-1');
    await page.getByLabel('New password', { exact: true }).fill('fifty-nine-at-ANA');
    await page.getByLabel('Confirm new password').fill('fifty-nine-at-ANA');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your current password is not correct.').waitFor();
    await screenshot(page, 'auth-change-password-wrong-current');

    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('fifty-nine-at-ANA');
    await page.getByLabel('Confirm new password').fill('fifty-nine-at-ANA');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your password was changed.').waitFor();
    await page.getByRole('status').filter({ hasText: 'Password Changed' }).waitFor();
    await screenshot(page, 'auth-change-password-done');

    // The new password signs in; the old one no longer does.
    const csrf = async (ctx: typeof context) =>
      ((await (await ctx.request.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;
    const fresh = await s.browser.newContext({ baseURL: app.url });
    const signIn = async (password: string) =>
      (
        await fresh.request.post('/api/login', {
          data: { email: user.email, password },
          headers: { 'x-csrf-token': await csrf(fresh), accept: 'application/json' },
        })
      ).status();
    expect(await signIn(user.password)).toBe(401);
    expect(await signIn('fifty-nine-at-ANA')).toBe(200);
    await fresh.close();
  });
});
