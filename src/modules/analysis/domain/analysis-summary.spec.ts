import { swingMetric } from '../../../../test/support/swing-metric';
import { swingReport } from '../../../../test/support/swing-report';
import { analysisState, parseList, toAnalysisSummary } from './analysis-summary';
import { readStoredAnalysis } from './stored-analysis';
import type { SwingAnalysisEntity } from './swing-analysis.entity';

describe('analysisState', () => {
  it('follows the status alone', () => {
    expect(analysisState({ status: 'queued' })).toBe('in-progress');
    expect(analysisState({ status: 'running' })).toBe('in-progress');
    expect(analysisState({ status: 'failed' })).toBe('failed');
    expect(analysisState({ status: 'complete' })).toBe('complete');
  });
});

/** A row as the entity hydrates it: the column's raw value through the one reader. */
const stored = (raw: unknown) => {
  const read = readStoredAnalysis(raw);
  if (!read.readable) throw new Error(read.why);
  return read.results;
};

describe('parseList', () => {
  it('accepts lists and JSON text', () => {
    expect(parseList(['a', 'b'])).toEqual(['a', 'b']);
    expect(parseList('["a","b"]')).toEqual(['a', 'b']);
    expect(parseList('plain')).toEqual(['plain']);
    expect(parseList(null)).toEqual([]);
  });
});

describe('toAnalysisSummary', () => {
  const row = (fields: Partial<SwingAnalysisEntity>) =>
    ({
      id: 'a1',
      createdAt: new Date('2026-11-21T12:00:00Z'),
      status: 'complete',
      clubSelection: '7-iron',
      clubSpeed: null,
      ballSpeed: null,
      keyIssues: [],
      analysisResults: null,
      ...fields,
    }) as SwingAnalysisEntity;

  it('shows the turns from mobilityAnalysis', () => {
    const summary = toAnalysisSummary(
      row({
        analysisResults: stored({
          mobilityAnalysis: { shoulderTurn: '82° (moderate)', hipRotation: '39° (moderate)' },
        }),
      }),
    );
    expect([summary.shoulderTurn, summary.hipTurn]).toEqual(['82° (moderate)', '39° (moderate)']);
  });

  it('says what a face-on estimate that mobilityAnalysis leaves out needs, not its number', () => {
    const report = swingReport(
      [swingMetric('shoulderTurn', 47.3, 0.31), swingMetric('hipTurn', 21.7, 0.31)],
      { spineAngle: '38°' },
    );
    const summary = toAnalysisSummary(row({ analysisResults: stored({ report }) }));
    expect([summary.shoulderTurn, summary.hipTurn]).toEqual([
      'Needs a down-the-line video to measure',
      'Needs a down-the-line video to measure',
    ]);
    // Stored as JSON text (spec section 3) reads the same; without a report there is nothing.
    expect(
      toAnalysisSummary(row({ analysisResults: stored(JSON.stringify({ report })) })).shoulderTurn,
    ).toBe('Needs a down-the-line video to measure');
    expect(toAnalysisSummary(row({})).shoulderTurn).toBeNull();
  });
});
