/** Shown wherever a test-mode payment happens: nothing here charges a card. */
export function TestModeBanner() {
  return (
    <div
      role="note"
      data-testid="test-mode-banner"
      className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p className="font-bold">Test mode</p>
      <p>Payments are simulated: no card is charged. This server has no Stripe keys configured.</p>
    </div>
  );
}
