import type { FocusCategory } from './focus-areas';
import type { LaunchMonitorAnalysis } from './launch-monitor/launch-monitor-analysis';
import type { SwingEventName } from './pose-track';
import type { SwingAssessment } from './swing/swing-assessment';
import type { CameraView, Handedness } from './swing/handedness-and-view';
import type { UprightTurn } from './swing/upright-turn';
import type { SwingMetric } from './swing/swing-metrics';

/** Bump when the report's shape changes; stored reports keep the version they were made with. */
export const SWING_REPORT_SCHEMA_VERSION = 1;

export interface EventReport {
  /** 0-based index of decoded frames of the first video stream (the labels' numbering). */
  frame: number;
  /** Presentation time in seconds. */
  time: number;
  basis: 'detected' | 'interpolated';
  /** 0..1: low where the rule had to guess (absent in reports made before it was kept). */
  confidence?: number;
}

/**
 * An event is shown as uncertain (and counted so by `eval:events`) below this confidence: the
 * rules give 0.9 where they found the event and 0.3 where they fell back.
 */
const UNCERTAIN_BELOW = 0.5;

/** Reports made before confidence was kept count as sure. */
export const isUncertain = (event: Pick<EventReport, 'confidence'>): boolean =>
  (event.confidence ?? 1) < UNCERTAIN_BELOW;

/** Where one person is in the picture, beside another. */
export type PicturePlace = 'left' | 'right' | 'top' | 'bottom';

export interface VideoReport {
  file: string;
  width: number;
  height: number;
  fps: number;
  duration: number | null;
  framesAnalysed: number;
  view: CameraView;
  /** Set when the detected view differs from the slot the video was uploaded in. */
  viewWarning: string | null;
  handedness: Handedness;
  /** Swings seen in the video; the clearest one is analysed (absent in older reports). */
  swingsFound?: number;
  /**
   * Set when swingsFound counts only the stretch of a long video posed densely: the video holds
   * at least that many swings (absent in older reports).
   */
  swingsFoundAtLeast?: boolean;
  /** A slow-motion replay follows; the swing filmed in real time is analysed. */
  replaySeen?: boolean;
  /**
   * Set when another person, as big and as clear as the golfer, is in the video and does not
   * stand still (two golfers side by side, a split-screen comparison): where in the picture the
   * analysed golfer is, beside them (absent in older reports and when the golfer is alone).
   */
  analysedGolferPlace?: PicturePlace;
  /**
   * The picture was stored on its side or upside down (no rotation tag): the golfer was measured
   * as if it were turned this many degrees clockwise. Absent when filmed upright.
   */
  pictureTurned?: Exclude<UprightTurn, 0>;
  events: Record<SwingEventName, EventReport>;
  metrics: SwingMetric[];
}

export interface SwingReport {
  schemaVersion: number;
  faceOn: VideoReport;
  downTheLine: VideoReport | null;
  assessment: SwingAssessment;
  launchMonitor: LaunchMonitorAnalysis | null;
  focusAreas: FocusCategory[];
  /** Rotations from one camera are estimates; every metric carries its confidence. */
  disclaimer: string;
}

/** A metric and the video (upload slot) it was measured from. */
export type SourcedMetric = SwingMetric & { video: CameraView };

/**
 * Each metric from the video that measures it with the higher confidence, face-on on a tie: down
 * the line the turn happens across the image, face-on the sway and slide do. The assessment is
 * drawn from these, and the results page shows these, so the two never disagree.
 */
export function bestMetrics(
  faceOn: Pick<VideoReport, 'metrics'>,
  downTheLine: Pick<VideoReport, 'metrics'> | null,
): SourcedMetric[] {
  const best = new Map<string, SourcedMetric>();
  const offer = (metrics: SwingMetric[], video: CameraView) => {
    for (const m of metrics) {
      const held = best.get(m.key);
      if (!held || held.confidence < m.confidence) best.set(m.key, { ...m, video });
    }
  };
  offer(faceOn.metrics, 'face-on');
  offer(downTheLine?.metrics ?? [], 'down-the-line');
  return [...best.values()];
}
