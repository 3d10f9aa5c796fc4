import { swingMetric } from '../../../../test/support/swing-metric';
import { swingReport } from '../../../../test/support/swing-report';
import { ANALYSIS_FAILED_MESSAGE, resultFields } from './analysis-view';
import { emptyStoredAnalysis, STORED_ANALYSIS_VERSION } from './stored-analysis';
import type { AnalysisStatus } from './swing-analysis.entity';
import type { SwingReport } from '../../swing-engine/rules';

const base = swingReport([swingMetric('shoulderTurn', 88)], { shoulderTurn: '88°' });
const report: SwingReport = {
  ...base,
  assessment: { ...base.assessment, strengths: ['Full turn'], weaknesses: ['Sway'] },
  focusAreas: ['Postural Integrity'],
  disclaimer: 'Estimates.',
};

const row = (status: AnalysisStatus, analysisResults = emptyStoredAnalysis()) => ({
  id: 'a1',
  status,
  analysisResults,
  swingStrengths: null,
  swingWeaknesses: null,
});

describe('resultFields: the spec fields derived from status and the stored analysis', () => {
  it('a running analysis has none yet', () => {
    expect(resultFields(row('running'))).toEqual({
      technicalDetails: null,
      mobilityAnalysis: null,
      analysisResults: null,
      hasError: false,
      isComplete: false,
    });
  });

  it('a failed one says why in technicalDetails, whatever else is stored', () => {
    const failed = resultFields(
      row('failed', {
        ...emptyStoredAnalysis(),
        report, // a status of failed wins over leftovers
        failure: { reason: 'no-golfer', title: 'No Golfer', message: 'No golfer was found.' },
      }),
    );
    expect(failed).toEqual({
      technicalDetails: {
        error: 'No Golfer',
        reason: 'no-golfer',
        title: 'No Golfer',
        message: 'No golfer was found.',
      },
      mobilityAnalysis: null,
      analysisResults: null,
      hasError: true,
      isComplete: false,
    });
    expect(resultFields(row('failed')).technicalDetails).toMatchObject({
      error: 'Analysis Failed',
      message: ANALYSIS_FAILED_MESSAGE,
    });
  });

  it('a complete one shows the report, coaching, mobility and the media links', () => {
    const fields = resultFields(
      row('complete', {
        version: STORED_ANALYSIS_VERSION,
        report,
        coaching: { text: 'Turn.', source: 'measured-rules' },
        media: { poseTracks: ['face-on'], eventStills: ['top'] },
        timings: { total: 5 },
        failure: null,
      }),
    );
    expect(fields.hasError).toBe(false);
    expect(fields.isComplete).toBe(true);
    expect(fields.mobilityAnalysis).toEqual({ shoulderTurn: '88°' });
    expect(fields.technicalDetails).toEqual({
      schemaVersion: 1,
      faceOn: {
        width: 1080,
        height: 1920,
        fps: 30,
        duration: 3,
        framesAnalysed: 90,
        view: 'face-on',
        viewWarning: null,
        handedness: 'right',
      },
      downTheLine: null,
      focusAreas: ['Postural Integrity'],
      mobilityAnalysis: { shoulderTurn: '88°' },
      swingStrengths: ['Full turn'],
      swingWeaknesses: ['Sway'],
      disclaimer: 'Estimates.',
      timings: { total: 5 },
    });
    expect(fields.analysisResults).toEqual({
      report,
      coaching: { text: 'Turn.', source: 'measured-rules' },
      mobilityAnalysis: { shoulderTurn: '88°' },
      media: {
        poseTracks: { faceOn: '/api/swing-analyses/a1/pose/face-on', downTheLine: null },
        eventStills: { top: '/api/swing-analyses/a1/stills/top' },
      },
    });
  });
});
