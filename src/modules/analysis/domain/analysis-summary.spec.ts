import { swingMetric } from '../../../../test/support/swing-metric';
import { analysisState, parseList, toAnalysisSummary } from './analysis-summary';
import type { SwingAnalysisEntity } from './swing-analysis.entity';

describe('analysisState', () => {
  it('is in progress without technical details', () => {
    expect(analysisState({ technicalDetails: null, hasError: false })).toBe('in-progress');
  });
  it('is failed when technical details hold an error or hasError is set', () => {
    expect(analysisState({ technicalDetails: { error: 'x' }, hasError: false })).toBe('failed');
    expect(analysisState({ technicalDetails: null, hasError: true })).toBe('failed');
  });
  it('is complete with technical details and no error', () => {
    expect(analysisState({ technicalDetails: { view: 'face-on' }, hasError: false })).toBe(
      'complete',
    );
  });
});

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
      technicalDetails: { schemaVersion: 1 },
      hasError: false,
      clubSelection: '7-iron',
      clubSpeed: null,
      ballSpeed: null,
      keyIssues: [],
      mobilityAnalysis: null,
      analysisResults: null,
      ...fields,
    }) as SwingAnalysisEntity;

  it('shows the turns from mobilityAnalysis', () => {
    const summary = toAnalysisSummary(
      row({ mobilityAnalysis: { shoulderTurn: '82° (moderate)', hipRotation: '39° (moderate)' } }),
    );
    expect([summary.shoulderTurn, summary.hipTurn]).toEqual(['82° (moderate)', '39° (moderate)']);
  });

  it('marks a face-on estimate that mobilityAnalysis leaves out as low confidence', () => {
    const report = {
      faceOn: {
        metrics: [swingMetric('shoulderTurn', 47.3, 0.31), swingMetric('hipTurn', 21.7, 0.31)],
      },
      downTheLine: null,
    };
    const summary = toAnalysisSummary(
      row({ mobilityAnalysis: { spineAngle: '38°' }, analysisResults: { report } }),
    );
    expect([summary.shoulderTurn, summary.hipTurn]).toEqual([
      '47° (low confidence)',
      '22° (low confidence)',
    ]);
    // Stored as JSON text (spec section 3) reads the same; without a report there is nothing.
    expect(
      toAnalysisSummary(row({ analysisResults: JSON.stringify({ report }) as never })).shoulderTurn,
    ).toBe('47° (low confidence)');
    expect(toAnalysisSummary(row({})).shoulderTurn).toBeNull();
  });
});
