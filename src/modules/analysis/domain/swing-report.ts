import type { FocusCategory } from './focus-areas';
import type { LaunchMonitorAnalysis } from './launch-monitor/launch-monitor-analysis';
import type { SwingEventName } from './pose-track';
import type { SwingAssessment } from './swing/swing-assessment';
import type { CameraView, Handedness } from './swing/handedness-and-view';
import type { SwingMetric } from './swing/swing-metrics';

/** Bump when the report's shape changes; stored reports keep the version they were made with. */
export const SWING_REPORT_SCHEMA_VERSION = 1;

export interface EventReport {
  /** 0-based index of decoded frames of the first video stream (the labels' numbering). */
  frame: number;
  /** Presentation time in seconds. */
  time: number;
  basis: 'detected' | 'interpolated';
}

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
