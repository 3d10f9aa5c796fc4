import type { StoredAnalysisResults, StoredFailure } from '../domain/stored-analysis';
import type { AnalysisStatus, UploadInput } from '../domain/swing-analysis.entity';

export interface Claim {
  id: string;
  userId: string;
  attempts: number;
  clubSelection: string | null;
  uploadInput: UploadInput | null;
}

/** What a finished run writes on its row (entity property names). */
export interface Completion {
  keyIssues: string[];
  recommendations: string[];
  exerciseRecommendations: string[];
  swingStrengths: string[];
  swingWeaknesses: string[];
  launchMonitorAssessment: string | null;
  analysisResults: StoredAnalysisResults;
  artifactsKey: string;
}

/**
 * Claims on analysis rows (decision 0009: the row is the job). Each change is one atomic update
 * guarded by status and lease, so two runners never both hold a row and a run's results land
 * only while its runner still holds the lease. The port lets the job's attempt be specified
 * without a database; the PostgreSQL implementation is infrastructure/jobs/analysis-leases.ts.
 */
export abstract class AnalysisLeases {
  /** Takes a queued row, or a running one whose lease ran out (its runner died). */
  abstract claim(id: string, owner: string, leaseSeconds: number): Promise<Claim | null>;
  /** Extends the lease; false when it is no longer ours. */
  abstract renew(id: string, owner: string, leaseSeconds: number): Promise<boolean>;
  /** Writes the results if the lease is still ours; false means another runner took over. */
  abstract complete(id: string, owner: string, completion: Completion): Promise<boolean>;
  /** Marks the analysis failed for good, with why. */
  abstract fail(id: string, owner: string, failure: StoredFailure): Promise<boolean>;
  /**
   * Gives the row back to the queue (a retry follows). A run stopped by a shutdown, not by a
   * fault of its own, gets its attempt back.
   */
  abstract release(id: string, owner: string, options?: { refundAttempt?: boolean }): Promise<void>;
  abstract status(id: string): Promise<AnalysisStatus | null>;
  /** Rows waiting for a runner: queued, or running under a lease that ran out. */
  abstract unfinished(limit?: number): Promise<string[]>;
}
