import type { SwingReport, SwingMetric } from '../../src/modules/swing-engine/rules';

/**
 * A report in the engine's shape with the given face-on metrics and mobility texts, the rest
 * empty: what specs and seeded rows need without running the engine.
 */
export function swingReport(
  metrics: SwingMetric[],
  mobilityAnalysis: Record<string, string> = {},
): SwingReport {
  return {
    schemaVersion: 1,
    faceOn: {
      file: 'face-on.mp4',
      width: 1080,
      height: 1920,
      fps: 30,
      duration: 3,
      framesAnalysed: 90,
      view: 'face-on',
      viewWarning: null,
      handedness: 'right',
      events: {} as SwingReport['faceOn']['events'],
      metrics,
    },
    downTheLine: null,
    assessment: {
      strengths: [],
      weaknesses: [],
      keyIssues: [],
      recommendations: [],
      exerciseRecommendations: [],
      drills: [],
      mobilityAnalysis,
    },
    launchMonitor: null,
    focusAreas: [],
    disclaimer: 'Rotations from one camera are estimates.',
  };
}
