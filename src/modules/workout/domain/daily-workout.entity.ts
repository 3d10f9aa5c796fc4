import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { FocusReason } from '../../swing-engine/rules';
import type { PlannedExercise } from './daily-workout';

/** One golfer's workout for one local day (APP_TIMEZONE): built at the first view, then kept. */
@Entity({ tableName: 'daily_workouts' })
@Unique({ name: 'daily_workouts_one_per_day', properties: ['userId', 'workoutDate'] })
export class DailyWorkoutEntity {
  [OptionalProps]?: 'views' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  /** The local day, 'YYYY-MM-DD'. */
  @Property({ type: 'date' })
  workoutDate!: string;

  @Property({ type: 'json' })
  focus!: FocusReason[];

  @Property({ type: 'json' })
  exercises!: PlannedExercise[];

  /** Times the golfer opened it (a free golfer may open it once a day). */
  @Property({ type: 'integer' })
  views = 0;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
