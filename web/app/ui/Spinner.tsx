interface SpinnerProps {
  label?: string;
}

export function Spinner({ label }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-col items-center justify-center gap-3"
    >
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-brand-light border-t-brand"
      />
      {label ? (
        <span className="text-sm font-medium text-gray-600">{label}</span>
      ) : (
        <span className="sr-only">Loading</span>
      )}
    </div>
  );
}

export function FullScreenSpinner({ label }: SpinnerProps) {
  return (
    // dvh avoids the mobile address bar pushing the spinner off-centre; vh is the fallback.
    <div className="flex min-h-screen w-full items-center justify-center bg-gray-50 supports-[min-height:100dvh]:min-h-dvh">
      <Spinner label={label} />
    </div>
  );
}
