import { swingMetric } from '../../../../test/support/swing-metric';
import { swingReport } from '../../../../test/support/swing-report';
import { mobilityOf, readStoredAnalysis, STORED_ANALYSIS_VERSION } from './stored-analysis';

const report = swingReport([swingMetric('shoulderTurn', 88)], { shoulderTurn: '88°' });

const read = (raw: unknown) => {
  const result = readStoredAnalysis(raw);
  if (!result.readable) throw new Error(`unreadable: ${result.why}`);
  return result.results;
};

describe('readStoredAnalysis', () => {
  it('reads what the jobs write now', () => {
    const written = {
      version: STORED_ANALYSIS_VERSION,
      report,
      coaching: { text: 'Turn more.', source: 'language-model' },
      media: { poseTracks: ['face-on'], eventStills: ['address', 'top'] },
      timings: { pose: 120 },
      failure: null,
    };
    expect(read(written)).toEqual(written);
    expect(mobilityOf(read(written))).toEqual({ shoulderTurn: '88°' });
  });

  it('reads an older row: unversioned, media as URLs, mobility beside the report', () => {
    const results = read({
      report: { faceOn: { metrics: [] }, downTheLine: null },
      coaching: 'Plain text coaching',
      mobilityAnalysis: { spineAngle: '38°', xFactor: 25 },
      media: {
        poseTracks: { faceOn: '/api/swing-analyses/a/pose/face-on', downTheLine: null },
        eventStills: { top: '/x/top', impact: '/x/impact', nonsense: '/x' },
      },
    });
    expect(results.coaching).toEqual({ text: 'Plain text coaching', source: 'measured-rules' });
    expect(results.media).toEqual({ poseTracks: ['face-on'], eventStills: ['top', 'impact'] });
    expect(mobilityOf(results)).toEqual({ spineAngle: '38°', xFactor: '25' });
    expect(results.failure).toBeNull();
  });

  it('reads JSON text of a value, and mobility texts kept as JSON text', () => {
    const results = read(JSON.stringify({ mobilityAnalysis: '{"shoulderTurn":"80°"}' }));
    expect(results.report).toBeNull();
    expect(mobilityOf(results)).toEqual({ shoulderTurn: '80°' });
  });

  it('keeps the failure reason of a failed analysis', () => {
    const results = read({
      version: 2,
      failure: { reason: 'no-golfer', title: 'T', message: 'M' },
    });
    expect(results.failure).toEqual({ reason: 'no-golfer', title: 'T', message: 'M' });
  });

  it('says why a value cannot be read, and never throws', () => {
    for (const raw of ['{not json', 42, [1, 2], true, { version: 99 }]) {
      const result = readStoredAnalysis(raw);
      expect(result.readable).toBe(false);
    }
    expect(readStoredAnalysis({ version: 99 })).toEqual({
      readable: false,
      why: 'unknown version 99',
    });
  });

  it('drops a report missing what the readers walk rather than trusting it', () => {
    expect(read({ report: { faceOn: 'x' } }).report).toBeNull();
    const { assessment: _, ...noAssessment } = report;
    expect(read({ report: noAssessment }).report).toBeNull();
    expect(read({ report: { ...report, downTheLine: { metrics: 'x' } } }).report).toBeNull();
    expect(read(null).report).toBeNull();
  });
});
