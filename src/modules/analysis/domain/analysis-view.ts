import { smashFactor } from '../../swing-engine/rules';
import type { AnalysisStatus, SwingAnalysisEntity } from './swing-analysis.entity';

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
  technicalDetails: Record<string, unknown> | null;
  mobilityAnalysis: Record<string, unknown> | null;
  analysisResults: Record<string, unknown> | null;
  hasError: boolean;
  isComplete: boolean;
}

/** What the loading screen polls every 2 s (?status_only=true). */
export type AnalysisStatusView = Pick<
  AnalysisView,
  'id' | 'status' | 'technicalDetails' | 'mobilityAnalysis' | 'hasError' | 'isComplete'
>;

export function toAnalysisView(row: SwingAnalysisEntity): AnalysisView {
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
    technicalDetails: row.technicalDetails,
    mobilityAnalysis: row.mobilityAnalysis,
    analysisResults: row.analysisResults,
    hasError: row.hasError,
    isComplete: row.isComplete,
  };
}

export function toStatusView(row: SwingAnalysisEntity): AnalysisStatusView {
  return {
    id: row.id,
    status: row.status,
    technicalDetails: row.technicalDetails,
    mobilityAnalysis: row.mobilityAnalysis,
    hasError: row.hasError,
    isComplete: row.isComplete,
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
