/**
 * @jest-environment ./test/support/onnxruntime-environment.js
 *
 * Face-on rotations on real footage (decision 0013, issue 13's first check): a rotation shown as
 * a number (trusted) agrees with the down-the-line reading of the same swing, or lies in the
 * tour range on the tour pros' clips; an untrusted one never judges the golfer.
 */
import { statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { withSwingFixtures } from '../infrastructure/video/test-clips';
import { analyzeSwing } from '../compose';
import { MIN_CONFIDENCE } from '../domain/swing/swing-assessment';
import type { SwingMetric } from '../domain/swing/swing-metrics';
import type { SwingReport } from '../domain/swing-report';

const ROTATIONS = ['shoulderTurn', 'hipTurn', 'xFactor'] as const;
type Rotation = (typeof ROTATIONS)[number];
/**
 * Where tour players' turns at the top lie: shoulders about 90-100 degrees (issue 13), hips and
 * X-factor around the spec's 40-50 targets; widened by the camera's few degrees of noise.
 */
const TOUR_RANGE: Record<Rotation, [number, number]> = {
  shoulderTurn: [85, 110],
  hipTurn: [35, 60],
  xFactor: [35, 60],
};
/** The words each rotation's Areas to Improve entry uses (swing-assessment.ts). */
const WEAKNESS_WORDS: Record<Rotation, RegExp> = {
  shoulderTurn: /shoulder turn/i,
  hipTurn: /hip (turn|rotation)|hips over-rotate/i,
  xFactor: /x-factor/i,
};

const upload = (file: string) => ({
  originalName: basename(file),
  path: file,
  size: statSync(file).size,
});
const metric = (metrics: SwingMetric[], key: Rotation) => metrics.find((m) => m.key === key)!;
const trusted = (m: SwingMetric) => m.confidence >= MIN_CONFIDENCE;

function expectNoUntrustedRotationJudged(report: SwingReport) {
  for (const key of ROTATIONS) {
    const m = metric(report.faceOn.metrics, key);
    const listed = report.assessment.weaknesses.some((w) => WEAKNESS_WORDS[key].test(w));
    if (!trusted(m)) expect({ key, listed }).toEqual({ key, listed: false });
  }
}

withSwingFixtures('face-on rotations on real clips', (fixtures) => {
  const clip = (name: string) => join(fixtures.dir, name);

  it('agrees with the down-the-line reading of the same swing (the 120 fps pair)', async () => {
    const { report } = await analyzeSwing({
      faceOn: upload(clip('fo_120fps_indoor.mp4')),
      downTheLine: upload(clip('dtl_120fps_indoor.mp4')),
    });
    const dtl = report.downTheLine!.metrics;
    // The shoulder estimate itself, trusted or not, is within 15 degrees (measured: 81.5 vs 82).
    const shoulder = metric(report.faceOn.metrics, 'shoulderTurn').value;
    expect(Math.abs(shoulder - metric(dtl, 'shoulderTurn').value)).toBeLessThanOrEqual(15);
    for (const key of ROTATIONS) {
      const m = metric(report.faceOn.metrics, key);
      if (trusted(m)) {
        expect({ key, gap: Math.abs(m.value - metric(dtl, key).value) <= 15 }).toEqual({
          key,
          gap: true,
        });
      }
    }
  }, 120_000);

  it.each(['fo_pro_iron_a.mp4', 'fo_pro_iron_b.mp4'])(
    'shows only tour-range rotations for the tour pro in %s, face-on only',
    async (name) => {
      const { report } = await analyzeSwing({ faceOn: upload(clip(name)) });
      for (const key of ROTATIONS) {
        const m = metric(report.faceOn.metrics, key);
        if (trusted(m)) {
          const [min, max] = TOUR_RANGE[key];
          expect({ key, value: m.value >= min && m.value <= max }).toEqual({ key, value: true });
        }
      }
      expectNoUntrustedRotationJudged(report);
    },
    120_000,
  );
});
