/** Golf ball on a tee, in the brand green. */
export function Logo({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <circle cx="16" cy="16" r="15" fill="#15803d" />
      <circle cx="16" cy="13" r="7" fill="#fff" />
      <circle cx="14" cy="11" r="0.9" fill="#cbd5e1" />
      <circle cx="18" cy="12" r="0.9" fill="#cbd5e1" />
      <circle cx="15.5" cy="15" r="0.9" fill="#cbd5e1" />
      <path d="M13 21h6l-2 3v4h-2v-4z" fill="#fff" />
    </svg>
  );
}
