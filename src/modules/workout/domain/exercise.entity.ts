import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { FocusCategory } from '../../swing-engine/rules';
import type { Difficulty, Equipment, ExerciseCategory } from './exercise';
import type { ExercisePose } from './exercise-pose';

/**
 * A library exercise in the database: loaded from the catalog at boot (never edited here), so
 * logs and ratings can point at it. An exercise taken out of the catalog is kept, inactive.
 */
@Entity({ tableName: 'exercises' })
export class ExerciseEntity {
  [OptionalProps]?: 'active' | 'createdAt' | 'updatedAt' | 'harderVariant';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 80, unique: true })
  slug!: string;

  @Property({ type: 'string', length: 120 })
  name!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'json' })
  cues!: string[];

  @Property({ type: 'text' })
  golfReason!: string;

  @Property({ type: 'string', length: 16 })
  category!: ExerciseCategory;

  @Property({ type: 'json' })
  focusAreas!: FocusCategory[];

  @Property({ type: 'smallint' })
  difficulty!: Difficulty;

  @Property({ type: 'integer' })
  durationSeconds!: number;

  @Property({ type: 'integer' })
  sets!: number;

  @Property({ type: 'integer' })
  repetitions!: number;

  @Property({ type: 'string', length: 20 })
  equipment!: Equipment;

  @Property({ type: 'boolean' })
  isPremium!: boolean;

  @Property({ type: 'string', length: 80, nullable: true })
  harderVariant: string | null = null;

  @Property({ type: 'json' })
  illustration!: ExercisePose;

  @Property({ type: 'integer' })
  catalogVersion!: number;

  @Property({ type: 'boolean' })
  active = true;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime' })
  updatedAt: Date = new Date();
}
