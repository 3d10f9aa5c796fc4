import { randomUUID } from 'node:crypto';
import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One uploaded swing and what was measured from it (spec section 3). The engine fills the
 * measured fields; `technicalDetails` stays null while the analysis runs and carries `error`
 * when it failed.
 */
@Entity({ tableName: 'swing_analyses' })
@Index({ properties: ['userId', 'createdAt'] })
export class SwingAnalysisEntity {
  [OptionalProps]?: 'createdAt' | 'hasError' | 'isComplete';

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

  @Property({ type: 'json', nullable: true })
  technicalDetails: Record<string, unknown> | null = null;

  @Property({ type: 'json', nullable: true })
  mobilityAnalysis: Record<string, unknown> | null = null;

  @Property({ type: 'json', nullable: true })
  analysisResults: Record<string, unknown> | null = null;

  @Property({ type: 'boolean' })
  hasError = false;

  @Property({ type: 'boolean' })
  isComplete = false;
}
