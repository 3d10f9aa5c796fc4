import { describeBrowser, screenshot } from '../support/browser';
import { signUpInContext, useBrowserApp } from '../support/browser-app';
import { realSwing } from '../support/swing-uploads';

/**
 * Issue 15, check 3, at 390x844 in test mode (no Stripe keys): a free golfer upgrades from the
 * Profile to the annual plan, pays with the test step, is welcomed on /payment-success and can
 * then use what premium unlocks.
 */
describeBrowser('upgrading to premium in test mode', () => {
  const s = useBrowserApp();

  it('takes a free golfer from Upgrade to a premium Driver upload with down-the-line', async () => {
    const { page, context } = s;
    await signUpInContext(context, { firstName: 'Jon', lastName: 'Rahm' });
    await page.goto('/profile');
    const subscription = page.getByTestId('subscription');
    await subscription.getByText('Free Plan').waitFor();
    await subscription.getByText('save 17%').waitFor();
    await page.getByTestId('payment-information').getByText('No payment method on file.').waitFor();
    await screenshot(page, 'billing-profile-free');

    await subscription.getByRole('button', { name: 'Upgrade Annual' }).click();
    await page.waitForURL(/\/subscribe\?plan=annual&checkout=cs_test_/);
    await page.getByTestId('test-mode-banner').getByText('no card is charged').waitFor();
    await page.getByTestId('plan-title').getByText('Premium Annual').waitFor();
    await page.getByText('$99.99/year').waitFor();
    await screenshot(page, 'billing-test-checkout');

    await page.getByRole('button', { name: /Complete Test Payment/ }).click();
    await page.waitForURL(/\/payment-success\?session_id=cs_test_/);
    const welcome = page.getByTestId('payment-welcome');
    await welcome.getByRole('heading', { name: 'Welcome to Premium!' }).waitFor();
    await welcome.getByText('Down-the-line video analysis').waitFor();
    await screenshot(page, 'billing-payment-success');

    await welcome.getByRole('link', { name: 'View Profile' }).click();
    await page.waitForURL(/\/profile$/);
    await subscription.getByText('Premium Plan').waitFor();
    await subscription.getByTestId('billing-plan').getByText('Annual').waitFor();
    const oneYearOn = new Date();
    oneYearOn.setFullYear(oneYearOn.getFullYear() + 1);
    await subscription
      .getByTestId('billing-date')
      .getByText(/^Renews on /)
      .waitFor();
    expect(await subscription.getByTestId('billing-date').innerText()).toContain(
      String(oneYearOn.getFullYear()),
    );
    await page
      .getByTestId('payment-information')
      .getByText(/ending in\s*4242/)
      .waitFor();
    await screenshot(page, 'billing-profile-premium');

    // What premium unlocks: the weekly Driver slot with a down-the-line video.
    const faceOn = realSwing('fo_pro_iron_b.mp4');
    const downTheLine = realSwing('dtl_phase_labeled_1.mp4');
    if (!faceOn || !downTheLine) return;
    await page.goto('/upload');
    await page.getByRole('radio', { name: /Driver/ }).click();
    await page.locator('input[name="faceOnVideo"]').setInputFiles(faceOn);
    await page.locator('input[name="downTheLineVideo"]').setInputFiles(downTheLine);
    await page.getByTestId('drop-zone-downTheLineVideo').getByText('Tap to change').waitFor();
    await page.getByRole('button', { name: 'Analyze My Swing' }).click();
    await page.waitForURL(/\/analysis-loading\/[0-9a-f-]{36}$/);
  });

  it('shows the test portal and the missing-session page', async () => {
    const { page, context, db } = s;
    await signUpInContext(context);
    await page.goto('/payment-success');
    await page.getByRole('heading', { name: 'Payment session not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to Profile' }).waitFor();
    await screenshot(page, 'billing-session-not-found');

    // The embedded form's flow: /subscribe?plan=monthly, the test payment, then cancel.
    await page.goto('/subscribe?plan=monthly');
    await page.getByTestId('plan-title').getByText('Premium Monthly').waitFor();
    await page.getByRole('button', { name: /Complete Test Payment · \$9\.99/ }).click();
    await page.waitForURL(/\/payment-success\?session_id=sub_test_/);
    await page.getByRole('heading', { name: 'Welcome to Premium!' }).waitFor();

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Manage Billing' }).click();
    await page.waitForURL(/\/subscribe\?portal=1$/);
    await page.getByRole('button', { name: 'Cancel at Period End' }).click();
    await page.getByRole('button', { name: 'Resume Subscription' }).waitFor();
    await screenshot(page, 'billing-test-portal');
    await page.goto('/profile');
    await page
      .getByTestId('billing-date')
      .getByText(/^Premium ends on /)
      .waitFor();
    const { rows } = await db.query<{ is_premium: boolean }>(
      'select u.is_premium from users u join billing_accounts b on b.user_id = u.id where b.cancel_at_period_end',
    );
    expect(rows.map((r) => r.is_premium)).toEqual([true]);
  });
});
