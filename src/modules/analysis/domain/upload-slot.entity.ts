import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { UploadSlotName } from './upload-quota';

/**
 * One used upload allowance. The unique key makes the database refuse a second upload in the
 * same slot and period even when two requests race: free users have one 'free' slot for all time
 * (period = the epoch), premium users one 'driver' and one '7-iron' slot per week (period = the
 * week's Sunday 00:00 in APP_TIMEZONE). A failed analysis gives its slot back (the row goes);
 * deleting a completed one does not.
 */
@Entity({ tableName: 'upload_slots' })
@Unique({ name: 'upload_slots_unique', properties: ['userId', 'slot', 'periodStart'] })
export class UploadSlotEntity {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'string', length: 16 })
  slot!: UploadSlotName;

  @Property({ type: 'datetime' })
  periodStart!: Date;

  @Property({ type: 'uuid', nullable: true })
  analysisId: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
