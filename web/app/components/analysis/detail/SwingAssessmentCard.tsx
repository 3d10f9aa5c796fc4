import {
  isTrusted,
  untrustedReason,
  type SourcedMetric,
  type SwingMetric,
} from '../../../../../src/modules/swing-engine/rules';
import type { AnalysisView } from '~/lib/analysis-api';
import { Card, EstimateBadge } from './Card';

function formatMetric(m: SwingMetric): string {
  if (m.unit === 'deg') return `${Math.round(m.value)}°`;
  if (m.unit === 'cm') return `${Math.round(m.value)} cm`;
  if (m.unit === '%') return `${Math.round(m.value)}%`;
  return `${m.value.toFixed(1)}:1`;
}

/** Strengths, weaknesses, key issues and recommendations, and every measured number. */
export function SwingAssessmentCard(props: {
  analysis: AnalysisView;
  metrics: SourcedMetric[];
  /** Name each metric's video (the analysis has two). */
  showSource: boolean;
  coaching: string | null;
  disclaimer: string | null;
}) {
  const a = props.analysis;
  return (
    <Card title="Swing Assessment" testId="swing-assessment">
      {props.coaching && (
        <p className="mb-4 text-sm leading-relaxed text-slate-700">{props.coaching}</p>
      )}
      <List title="Strengths" items={a.swingStrengths} tone="text-green-700" mark="✓" />
      <List title="Areas to Improve" items={a.swingWeaknesses} tone="text-amber-700" mark="!" />
      <List title="Key Issues" items={a.keyIssues} tone="text-red-700" mark="•" />
      <List title="Recommendations" items={a.recommendations} tone="text-brand" mark="→" />
      {props.metrics.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-bold text-slate-900">Measured From Your Video</h3>
          <ul className="mt-2 divide-y divide-slate-100" data-testid="measured-metrics">
            {props.metrics.map((m) =>
              isTrusted(m) ? (
                <li key={m.key} className="py-2" data-testid={`metric-${m.key}`}>
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="text-sm text-slate-700">{m.label}</span>
                    <span className="whitespace-nowrap font-semibold text-slate-900">
                      {formatMetric(m)}
                    </span>
                  </div>
                  <EstimateBadge
                    confidence={m.confidence}
                    video={props.showSource ? m.video : undefined}
                  />
                </li>
              ) : (
                // Decision 0014: why it was not measured, never an untrusted number.
                <li key={m.key} className="py-2" data-testid={`metric-${m.key}`}>
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="text-sm text-slate-700">{m.label}</span>
                    <span className="text-right text-xs text-slate-500">{untrustedReason(m)}</span>
                  </div>
                </li>
              ),
            )}
          </ul>
        </div>
      )}
      {props.disclaimer && <p className="mt-3 text-xs text-slate-500">{props.disclaimer}</p>}
    </Card>
  );
}

function List(props: { title: string; items: string[] | null; tone: string; mark: string }) {
  if (!props.items?.length) return null;
  return (
    <div className="mt-3 first:mt-0">
      <h3 className="text-sm font-bold text-slate-900">{props.title}</h3>
      <ul className="mt-1 space-y-1">
        {props.items.map((item) => (
          <li key={item} className="flex gap-2 text-sm text-slate-700">
            <span className={`font-bold ${props.tone}`} aria-hidden="true">
              {props.mark}
            </span>
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
