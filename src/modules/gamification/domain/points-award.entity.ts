import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';

export type PointsReason = 'swing_upload' | 'exercise_completion';

/**
 * The points ledger, the source of truth for every total: one row per award, unique per
 * (golfer, reason, source), so a retried request or a re-delivered event never awards twice.
 */
@Entity({ tableName: 'points_awards' })
@Unique({ name: 'points_awards_once', properties: ['userId', 'reason', 'source'] })
export class PointsAwardEntity {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'string', length: 32 })
  reason!: PointsReason;

  /** What earned it: the analysis id, or the exercise and local day. */
  @Property({ type: 'string', length: 120 })
  source!: string;

  @Property({ type: 'integer' })
  points!: number;

  /** Local day, its week's Sunday and its month in APP_TIMEZONE when it was earned. */
  @Property({ type: 'date' })
  localDate!: string;

  @Property({ type: 'date' })
  week!: string;

  @Property({ type: 'string', length: 7 })
  month!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
