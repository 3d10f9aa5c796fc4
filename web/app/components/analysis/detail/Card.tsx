import type { ReactNode } from 'react';
import type { CameraView } from '../../../../../src/modules/swing-engine/rules';

/** The white card every section of the detail page sits in. */
export function Card(props: {
  title: string;
  subtitle?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm" data-testid={props.testId}>
      <h2 className="text-lg font-bold text-slate-900">{props.title}</h2>
      {props.subtitle && <p className="text-sm text-slate-500">{props.subtitle}</p>}
      <div className="mt-3">{props.children}</div>
    </section>
  );
}

const VIDEO_NAMES: Record<CameraView, string> = {
  'face-on': 'Face-on',
  'down-the-line': 'Down-the-line',
};

/**
 * 'estimated from video' with the measurement's confidence, on every measured metric; names the
 * video when the analysis has two. Compact (the confidence alone) in narrow tiles.
 */
export function EstimateBadge({
  confidence,
  video,
  compact = false,
}: {
  confidence: number;
  video?: CameraView;
  compact?: boolean;
}) {
  const percent = Math.round(confidence * 100);
  const tone =
    percent >= 70
      ? 'bg-green-50 text-green-800'
      : percent >= 35
        ? 'bg-amber-50 text-amber-800'
        : 'bg-red-50 text-red-800';
  const estimate = video ? `${VIDEO_NAMES[video]} estimate` : 'Estimated from video';
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-[11px] font-medium ${tone}`}>
      {compact ? `${percent}% confidence` : `${estimate} · ${percent}% confidence`}
    </span>
  );
}
