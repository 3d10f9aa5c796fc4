/** A labelled progress bar (0-100). Height, track colour and transition come from the caller. */
export function ProgressBar(props: {
  percent: number;
  label: string;
  /** Classes of the track: height and background. */
  trackClassName: string;
  /** Transition classes of the fill. */
  fillTransition: string;
  className?: string;
}) {
  return (
    <div
      className={`overflow-hidden rounded-full ${props.trackClassName} ${props.className ?? ''}`}
      role="progressbar"
      aria-label={props.label}
      aria-valuenow={props.percent}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div
        className={`h-full rounded-full bg-brand ${props.fillTransition}`}
        style={{ width: `${props.percent}%` }}
      />
    </div>
  );
}
