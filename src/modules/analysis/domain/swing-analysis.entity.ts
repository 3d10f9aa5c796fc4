import { randomUUID } from 'node:crypto';
import { Entity, Index, JsonType, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { LaunchMonitorData } from '../../swing-engine/rules';
import { readStoredAnalysis, type StoredAnalysisResults } from './stored-analysis';

/**
 * The analysis_results column: written as StoredAnalysisResults, read back through the one reader
 * (older shapes are normalised to the current version; an unreadable value reads as null).
 */
export class StoredAnalysisType extends JsonType {
  override convertToJSValue(value: unknown): StoredAnalysisResults | null {
    if (value === null || value === undefined) return null;
    const read = readStoredAnalysis(value);
    if (read.readable) return read.results;
    console.warn(`swing_analyses.analysis_results unreadable (${read.why})`);
    return null;
  }
}

/**
 * One uploaded swing and what was measured from it (spec section 3). `status` alone says where
 * it stands (hasError and isComplete are derived from it at the edge); `analysisResults` holds
 * what the run produced, or why it failed.
 */
@Entity({ tableName: 'swing_analyses' })
@Index({ properties: ['userId', 'createdAt'] })
export class SwingAnalysisEntity {
  [OptionalProps]?: 'createdAt' | 'status' | 'attempts';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'string', length: 40, nullable: true })
  clubSelection: string | null = null;

  @Property({ type: 'double', nullable: true })
  clubSpeed: number | null = null;

  @Property({ type: 'double', nullable: true })
  ballSpeed: number | null = null;

  @Property({ type: 'double', nullable: true })
  carry: number | null = null;

  @Property({ type: 'double', nullable: true })
  total: number | null = null;

  @Property({ type: 'integer', nullable: true })
  spinRate: number | null = null;

  @Property({ type: 'double', nullable: true })
  clubPath: number | null = null;

  @Property({ type: 'double', nullable: true })
  faceAngle: number | null = null;

  @Property({ type: 'string', length: 10, nullable: true })
  tourComparison: 'pga' | 'lpga' | null = null;

  @Property({ type: 'json', nullable: true })
  keyIssues: string[] | null = null;

  @Property({ type: 'json', nullable: true })
  recommendations: string[] | null = null;

  @Property({ type: 'json', nullable: true })
  exerciseRecommendations: string[] | null = null;

  @Property({ type: 'text', nullable: true })
  faceOnVideoUrl: string | null = null;

  @Property({ type: 'text', nullable: true })
  downTheLineVideoUrl: string | null = null;

  @Property({ type: 'json', nullable: true })
  swingStrengths: string[] | null = null;

  @Property({ type: 'json', nullable: true })
  swingWeaknesses: string[] | null = null;

  @Property({ type: 'text', nullable: true })
  launchMonitorAssessment: string | null = null;

  /** Null until the run finishes; then the report, coaching and media, or the failure. */
  @Property({ type: StoredAnalysisType, nullable: true })
  analysisResults: StoredAnalysisResults | null = null;

  /**
   * Where the job stands; the row, not the queue, is the durable truth. A runner claims the row
   * (queued, or running with an expired lease) with one atomic UPDATE and keeps the lease alive
   * while it works; only the lease holder's completion is written.
   */
  @Property({ type: 'string', length: 16 })
  status: AnalysisStatus = 'queued';

  /** Claims so far (each start of a run counts). */
  @Property({ type: 'integer' })
  attempts = 0;

  @Property({ type: 'string', length: 100, nullable: true })
  leaseOwner: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  leaseExpiresAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  completedAt: Date | null = null;

  /** Storage folder of the winning run's artifacts (report, pose tracks, event stills). */
  @Property({ type: 'text', nullable: true })
  artifactsKey: string | null = null;

  /** What the job needs: storage keys of the videos, their original names, the launch data. */
  @Property({ type: 'json', nullable: true, lazy: true })
  uploadInput: UploadInput | null = null;
}

export type AnalysisStatus = 'queued' | 'running' | 'complete' | 'failed';

export interface StoredVideo {
  /** Storage key (ours; derived from the analysis id, never from the user's file name). */
  key: string;
  /** The user's file name; only its extension is ever used. */
  originalName: string;
  size: number;
}

export interface UploadInput {
  faceOn: StoredVideo;
  downTheLine: StoredVideo | null;
  launch: LaunchMonitorData | null;
}
