import type { SwingAnalysisEntity } from './swing-analysis.entity';

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

/** failed: technicalDetails holds an error; in progress: no technicalDetails yet. */
export function analysisState(row: Pick<SwingAnalysisEntity, 'technicalDetails' | 'hasError'>) {
  if (row.hasError || (row.technicalDetails && 'error' in row.technicalDetails)) return 'failed';
  if (!row.technicalDetails) return 'in-progress';
  return 'complete';
}

export function toAnalysisSummary(row: SwingAnalysisEntity): AnalysisSummary {
  const mobility = row.mobilityAnalysis ?? {};
  const text = (value: unknown) => (value === undefined || value === null ? null : String(value));
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    state: analysisState(row),
    clubSelection: row.clubSelection,
    clubSpeed: row.clubSpeed,
    ballSpeed: row.ballSpeed,
    shoulderTurn: text(mobility['shoulderTurn']),
    hipTurn: text(mobility['hipRotation'] ?? mobility['hipTurn']),
    keyIssues: parseList(row.keyIssues),
  };
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
