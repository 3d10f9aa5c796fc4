import type { Coaching } from './coaching-text';
import {
  type FocusCategory,
  smashFactor,
  type SwingEventName,
  type SwingReport,
  type VideoReport,
} from '../../swing-engine/rules';
import {
  emptyStoredAnalysis,
  mobilityOf,
  type MobilityAnalysis,
  type StoredAnalysisResults,
} from './stored-analysis';
import type { AnalysisStatus, SwingAnalysisEntity } from './swing-analysis.entity';

export const ANALYSIS_FAILED_TITLE = 'Analysis Failed';
export const ANALYSIS_FAILED_MESSAGE =
  'Video analysis failed. Please try uploading again with a clearer video file.';

/** technicalDetails of a finished analysis: the videos' facts and the assessment's texts. */
export interface ReportDetails {
  schemaVersion: number;
  faceOn: VideoFacts;
  downTheLine: VideoFacts | null;
  focusAreas: FocusCategory[];
  mobilityAnalysis: MobilityAnalysis;
  swingStrengths: string[];
  swingWeaknesses: string[];
  disclaimer: string;
  timings: Record<string, number> | null;
}

export type VideoFacts = Pick<
  VideoReport,
  'width' | 'height' | 'fps' | 'duration' | 'framesAnalysed' | 'view' | 'viewWarning' | 'handedness'
>;

/** technicalDetails of an older finished row that kept only its texts. */
export interface TextDetails {
  mobilityAnalysis: MobilityAnalysis | null;
  swingStrengths: string[] | null;
  swingWeaknesses: string[] | null;
}

/** technicalDetails of a failed analysis (spec section 3: "may hold error, message"). */
export interface FailureDetails {
  error: string;
  reason: string;
  title: string;
  message: string;
}

export type TechnicalDetails = ReportDetails | TextDetails | FailureDetails;

/** analysisResults as the screens read it: the report, the coaching, links to the media. */
export interface AnalysisResultsView {
  report: SwingReport | null;
  coaching: Coaching | null;
  mobilityAnalysis: MobilityAnalysis | null;
  media: {
    poseTracks: { faceOn: string | null; downTheLine: string | null };
    eventStills: Partial<Record<SwingEventName, string>>;
  };
}

/** Spec section 3's swing analysis as GET /api/swing-analyses/{id} answers it. */
export interface AnalysisView {
  id: string;
  userId: string;
  createdAt: string;
  status: AnalysisStatus;
  clubSelection: string | null;
  clubSpeed: number | null;
  ballSpeed: number | null;
  smashFactor: number | null;
  carry: number | null;
  total: number | null;
  spinRate: number | null;
  clubPath: number | null;
  faceAngle: number | null;
  tourComparison: 'pga' | 'lpga' | null;
  keyIssues: string[] | null;
  recommendations: string[] | null;
  exerciseRecommendations: string[] | null;
  faceOnVideoUrl: string | null;
  downTheLineVideoUrl: string | null;
  swingStrengths: string[] | null;
  swingWeaknesses: string[] | null;
  launchMonitorAssessment: string | null;
  technicalDetails: TechnicalDetails | null;
  mobilityAnalysis: MobilityAnalysis | null;
  analysisResults: AnalysisResultsView | null;
  /** Both derived from status (the one truth of where an analysis stands). */
  hasError: boolean;
  isComplete: boolean;
}

/** What the loading screen polls every 2 s (?status_only=true). */
export type AnalysisStatusView = Pick<
  AnalysisView,
  'id' | 'status' | 'technicalDetails' | 'mobilityAnalysis' | 'hasError' | 'isComplete'
>;

/** The spec's result fields of a row, derived from its status and stored results. */
export function resultFields(
  row: Pick<
    SwingAnalysisEntity,
    'id' | 'status' | 'analysisResults' | 'swingStrengths' | 'swingWeaknesses'
  >,
): Pick<
  AnalysisView,
  'technicalDetails' | 'mobilityAnalysis' | 'analysisResults' | 'hasError' | 'isComplete'
> {
  const hasError = row.status === 'failed';
  const isComplete = row.status === 'complete';
  const stored = row.analysisResults ?? emptyStoredAnalysis();
  if (hasError) {
    const failure = stored.failure;
    const title = failure?.title || ANALYSIS_FAILED_TITLE;
    return {
      technicalDetails: {
        error: title,
        reason: failure?.reason || 'internal',
        title,
        message: failure?.message || ANALYSIS_FAILED_MESSAGE,
      },
      mobilityAnalysis: null,
      analysisResults: null,
      hasError,
      isComplete,
    };
  }
  if (!isComplete) {
    return {
      technicalDetails: null,
      mobilityAnalysis: null,
      analysisResults: null,
      hasError,
      isComplete,
    };
  }
  const mobility = mobilityOf(stored);
  return {
    technicalDetails: stored.report
      ? reportDetails(stored.report, stored.timings)
      : {
          mobilityAnalysis: mobility,
          swingStrengths: row.swingStrengths,
          swingWeaknesses: row.swingWeaknesses,
        },
    mobilityAnalysis: mobility,
    analysisResults: resultsView(row.id, stored),
    hasError,
    isComplete,
  };
}

function reportDetails(report: SwingReport, timings: Record<string, number> | null): ReportDetails {
  const facts = (v: VideoReport): VideoFacts => ({
    width: v.width,
    height: v.height,
    fps: v.fps,
    duration: v.duration,
    framesAnalysed: v.framesAnalysed,
    view: v.view,
    viewWarning: v.viewWarning,
    handedness: v.handedness,
  });
  const a = report.assessment;
  return {
    schemaVersion: report.schemaVersion,
    faceOn: facts(report.faceOn),
    downTheLine: report.downTheLine ? facts(report.downTheLine) : null,
    focusAreas: report.focusAreas,
    mobilityAnalysis: a.mobilityAnalysis,
    swingStrengths: a.strengths,
    swingWeaknesses: a.weaknesses,
    disclaimer: report.disclaimer,
    timings,
  };
}

function resultsView(id: string, stored: StoredAnalysisResults): AnalysisResultsView {
  const tracks = stored.media.poseTracks;
  return {
    report: stored.report,
    coaching: stored.coaching,
    mobilityAnalysis: mobilityOf(stored),
    media: {
      poseTracks: {
        faceOn: tracks.includes('face-on') ? mediaUrls.poseTrack(id, 'face-on') : null,
        downTheLine: tracks.includes('down-the-line')
          ? mediaUrls.poseTrack(id, 'down-the-line')
          : null,
      },
      eventStills: Object.fromEntries(
        stored.media.eventStills.map((event) => [event, mediaUrls.still(id, event)]),
      ),
    },
  };
}

export function toAnalysisView(row: SwingAnalysisEntity): AnalysisView {
  const results = resultFields(row);
  return {
    id: row.id,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    clubSelection: row.clubSelection,
    clubSpeed: row.clubSpeed,
    ballSpeed: row.ballSpeed,
    smashFactor:
      row.clubSpeed !== null && row.ballSpeed !== null
        ? smashFactor(row.ballSpeed, row.clubSpeed)
        : null,
    carry: row.carry,
    total: row.total,
    spinRate: row.spinRate,
    clubPath: row.clubPath,
    faceAngle: row.faceAngle,
    tourComparison: row.tourComparison,
    keyIssues: row.keyIssues,
    recommendations: row.recommendations,
    exerciseRecommendations: row.exerciseRecommendations,
    faceOnVideoUrl: row.faceOnVideoUrl,
    downTheLineVideoUrl: row.downTheLineVideoUrl,
    swingStrengths: row.swingStrengths,
    swingWeaknesses: row.swingWeaknesses,
    launchMonitorAssessment: row.launchMonitorAssessment,
    technicalDetails: results.technicalDetails,
    mobilityAnalysis: results.mobilityAnalysis,
    analysisResults: results.analysisResults,
    hasError: results.hasError,
    isComplete: results.isComplete,
  };
}

export function toStatusView(row: SwingAnalysisEntity): AnalysisStatusView {
  const results = resultFields(row);
  return {
    id: row.id,
    status: row.status,
    technicalDetails: results.technicalDetails,
    mobilityAnalysis: results.mobilityAnalysis,
    hasError: results.hasError,
    isComplete: results.isComplete,
  };
}

/** Paths the owner fetches media from (the controller checks ownership on each). */
export const mediaUrls = {
  video: (id: string, view: 'face-on' | 'down-the-line') =>
    `/api/swing-analyses/${id}/video/${view}`,
  still: (id: string, event: string) => `/api/swing-analyses/${id}/stills/${event}`,
  poseTrack: (id: string, view: 'face-on' | 'down-the-line') =>
    `/api/swing-analyses/${id}/pose/${view}`,
};
