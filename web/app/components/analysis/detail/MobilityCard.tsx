import {
  gaugePercent,
  mobilityStatus,
  mobilityValue,
  MOBILITY_TARGETS,
  type MobilityStatus,
  type MobilityTarget,
  type SourcedMetric,
  type CameraView,
  isTrusted,
  untrustedReason,
} from '../../../../../src/modules/swing-engine/rules';
import { Card, EstimateBadge } from './Card';

const GAUGES = [
  { key: 'hipRotation', metric: 'hipTurn', label: 'Hip Rotation' },
  { key: 'shoulderTurn', metric: 'shoulderTurn', label: 'Shoulder Turn' },
  { key: 'xFactor', metric: 'xFactor', label: 'X-Factor' },
] as const;

const STATUS: Record<MobilityStatus, { text: string; marker: string; tone: string }> = {
  below: { text: 'Below target', marker: 'bg-amber-500', tone: 'text-amber-700' },
  within: { text: 'Within target', marker: 'bg-brand', tone: 'text-brand' },
  above: { text: 'Above target', marker: 'bg-amber-500', tone: 'text-amber-700' },
};

/** Spec section 5: gauges 0-70, 0-110, 0-70 with the 40-50, 85-95, 40-50 target bands. */
export function MobilityCard(props: {
  mobility: Record<string, unknown> | null;
  metrics: SourcedMetric[];
  /** Name each metric's video (the analysis has two). */
  showSource: boolean;
}) {
  return (
    <Card
      title="Mobility Analysis"
      subtitle="Rotation at the top of the backswing"
      testId="mobility-card"
    >
      <div className="space-y-5">
        {GAUGES.map((gauge) => {
          const measured = props.metrics.find((m) => m.key === gauge.metric);
          const value = measured?.value ?? mobilityValue(props.mobility?.[gauge.key], gauge.key);
          return (
            <Gauge
              key={gauge.key}
              label={gauge.label}
              value={value}
              target={MOBILITY_TARGETS[gauge.key]}
              confidence={measured?.confidence ?? null}
              untrusted={measured && !isTrusted(measured) ? untrustedReason(measured) : null}
              video={props.showSource ? measured?.video : undefined}
            />
          );
        })}
      </div>
    </Card>
  );
}

function Gauge(props: {
  label: string;
  value: number;
  target: MobilityTarget;
  confidence: number | null;
  /** Why the value is not trusted (decision 0014): then no number, no marker, no verdict. */
  untrusted: string | null;
  video?: CameraView;
}) {
  const { target, value } = props;
  if (props.untrusted)
    return <UntrustedGauge label={props.label} reason={props.untrusted} target={target} />;
  const status = mobilityStatus(value, target);
  const band = { left: gaugePercent(target.min, target), right: gaugePercent(target.max, target) };
  return (
    <div data-testid={`gauge-${props.label}`}>
      <div className="flex items-baseline justify-between">
        <span className="font-semibold text-slate-800">{props.label}</span>
        <span className="text-lg font-extrabold text-slate-900">{Math.round(value)}°</span>
      </div>
      <div
        className="relative mt-2 h-3 rounded-full bg-slate-100"
        role="meter"
        aria-label={props.label}
        aria-valuemin={0}
        aria-valuemax={target.scaleMax}
        aria-valuenow={Math.round(value)}
      >
        <div
          className="absolute inset-y-0 bg-green-200"
          style={{ left: `${band.left}%`, width: `${band.right - band.left}%` }}
          title={`Target ${target.min}-${target.max}°`}
        />
        <div
          className={`absolute -top-1 h-5 w-1.5 -translate-x-1/2 rounded-full ${STATUS[status].marker}`}
          style={{ left: `${gaugePercent(value, target)}%` }}
        />
      </div>
      <div className="mt-1 flex justify-between text-[11px] text-slate-400">
        <span>0°</span>
        <span>
          Target {target.min}-{target.max}°
        </span>
        <span>{target.scaleMax}°</span>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <span className={`text-xs font-semibold ${STATUS[status].tone}`}>
          {STATUS[status].text}
        </span>
        {props.confidence !== null && (
          <EstimateBadge confidence={props.confidence} video={props.video} />
        )}
      </div>
    </div>
  );
}

function UntrustedGauge(props: { label: string; reason: string; target: MobilityTarget }) {
  const band = {
    left: gaugePercent(props.target.min, props.target),
    right: gaugePercent(props.target.max, props.target),
  };
  return (
    <div data-testid={`gauge-${props.label}`} data-untrusted="true">
      <div className="flex items-baseline justify-between">
        <span className="font-semibold text-slate-800">{props.label}</span>
        <span className="text-sm font-medium text-slate-500">Not measured</span>
      </div>
      <div className="relative mt-2 h-3 rounded-full bg-slate-100" aria-hidden="true">
        <div
          className="absolute inset-y-0 bg-green-100"
          style={{ left: `${band.left}%`, width: `${band.right - band.left}%` }}
        />
      </div>
      <div className="mt-1 flex justify-between text-[11px] text-slate-400">
        <span>0°</span>
        <span>
          Target {props.target.min}-{props.target.max}°
        </span>
        <span>{props.target.scaleMax}°</span>
      </div>
      <p className="mt-1 text-xs font-semibold text-slate-500">{props.reason}</p>
    </div>
  );
}
