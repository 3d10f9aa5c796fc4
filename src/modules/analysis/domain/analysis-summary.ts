import { mobilityOf } from './stored-analysis';
import type { SwingAnalysisEntity } from './swing-analysis.entity';
import { bestMetrics, isTrusted, untrustedReason } from '../../swing-engine/rules';

export type AnalysisState = 'failed' | 'in-progress' | 'complete';

/** What an analysis card shows (spec section 4). Plain data, safe to send to the browser. */
export interface AnalysisSummary {
  id: string;
  createdAt: string;
  state: AnalysisState;
  clubSelection: string | null;
  clubSpeed: number | null;
  ballSpeed: number | null;
  shoulderTurn: string | null;
  hipTurn: string | null;
  keyIssues: string[];
}

/** The card's state, from the row's status alone. */
export function analysisState(row: Pick<SwingAnalysisEntity, 'status'>): AnalysisState {
  if (row.status === 'failed') return 'failed';
  if (row.status === 'complete') return 'complete';
  return 'in-progress';
}

export function toAnalysisSummary(row: SwingAnalysisEntity): AnalysisSummary {
  const mobility = (row.analysisResults && mobilityOf(row.analysisResults)) ?? {};
  const text = (value: string | undefined) => value ?? null;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    state: analysisState(row),
    clubSelection: row.clubSelection,
    clubSpeed: row.clubSpeed,
    ballSpeed: row.ballSpeed,
    shoulderTurn: text(mobility['shoulderTurn']) ?? estimate(row, 'shoulderTurn'),
    hipTurn: text(mobility['hipRotation'] ?? mobility['hipTurn']) ?? estimate(row, 'hipTurn'),
    keyIssues: parseList(row.keyIssues),
  };
}

/**
 * A turn the assessment does not trust (a face-on rotation reading short) stays out of
 * mobilityAnalysis; the card says why in the golfer's words instead of a number (decision 0014).
 */
function estimate(row: SwingAnalysisEntity, key: 'shoulderTurn' | 'hipTurn'): string | null {
  const report = row.analysisResults?.report;
  if (!report) return null;
  const metric = bestMetrics(report.faceOn, report.downTheLine ?? null).find((m) => m.key === key);
  if (!metric) return null;
  return isTrusted(metric) ? `${Math.round(metric.value)}°` : untrustedReason(metric);
}

/** keyIssues may arrive as a list or as JSON text (spec section 3). */
export function parseList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed.map(String) : [value];
    } catch {
      return value ? [value] : [];
    }
  }
  return [];
}
