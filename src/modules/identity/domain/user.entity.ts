import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A golfer's account: spec section 3's User plus what sign-in needs. */
@Entity({ tableName: 'users' })
export class UserEntity {
  [OptionalProps]?:
    | 'isPremium'
    | 'streak'
    | 'monthlyPoints'
    | 'totalPoints'
    | 'weeklyPoints'
    | 'videoUploadsUsed'
    | 'analysisViewsUsed'
    | 'workoutViewsUsed'
    | 'welcomeDismissed'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 100, nullable: true })
  firstName: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  lastName: string | null = null;

  /** Stored lower-cased; unique among accounts that have one. */
  @Property({ type: 'string', length: 254, nullable: true, unique: true })
  email: string | null = null;

  @Property({ type: 'decimal', precision: 4, scale: 1, nullable: true })
  handicap: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  city: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  state: string | null = null;

  @Property({ type: 'boolean' })
  isPremium = false;

  /** Consecutive weeks with at least one completed exercise. */
  @Property({ type: 'integer' })
  streak = 0;

  @Property({ type: 'integer' })
  monthlyPoints = 0;

  @Property({ type: 'integer' })
  totalPoints = 0;

  @Property({ type: 'integer' })
  weeklyPoints = 0;

  @Property({ type: 'integer' })
  videoUploadsUsed = 0;

  @Property({ type: 'integer' })
  analysisViewsUsed = 0;

  @Property({ type: 'integer' })
  workoutViewsUsed = 0;

  @Property({ type: 'string', length: 255, nullable: true })
  stripeCustomerId: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  stripeSubscriptionId: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  subscriptionEndDate: Date | null = null;

  /** argon2id hash for local accounts; null for accounts that sign in through OIDC. */
  @Property({ type: 'text', nullable: true, hidden: true, lazy: true })
  passwordHash: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true, hidden: true })
  oidcIssuer: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true, hidden: true })
  oidcSubject: string | null = null;

  /** The Home welcome box, once dismissed, stays dismissed on every device. */
  @Property({ type: 'boolean' })
  welcomeDismissed = false;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
