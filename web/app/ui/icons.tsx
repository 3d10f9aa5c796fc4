/** Small stroke icons used in several places (no icon package is installed). */
interface IconProps {
  className?: string;
}

function StrokeIcon({ d, className, width }: IconProps & { d: string; width: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={width}
      aria-hidden="true"
    >
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export const CloseIcon = ({ className = 'h-5 w-5' }: IconProps) => (
  <StrokeIcon d="M6 6l12 12M18 6L6 18" width="2" className={className} />
);

export const ChevronRightIcon = ({ className = 'h-4 w-4' }: IconProps) => (
  <StrokeIcon d="M9 6l6 6-6 6" width="2.5" className={className} />
);

export const ChevronLeftIcon = ({ className = 'h-4 w-4' }: IconProps) => (
  <StrokeIcon d="M15 6l-6 6 6 6" width="2.5" className={className} />
);
