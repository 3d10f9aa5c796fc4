import { randomUUID } from 'node:crypto';
import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { NotificationType } from './notification-type';

/** A message for one user. `userId` is a plain id: modules never share entities. */
@Entity({ tableName: 'notifications' })
@Index({ properties: ['userId', 'createdAt'] })
export class NotificationEntity {
  [OptionalProps]?: 'isRead' | 'createdAt' | 'link';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'string', length: 40 })
  type!: NotificationType;

  @Property({ type: 'string', length: 200 })
  title!: string;

  @Property({ type: 'text' })
  message!: string;

  /** The app path the notification opens (e.g. its analysis); null opens nothing. */
  @Property({ type: 'string', length: 200, nullable: true })
  link: string | null = null;

  @Property({ type: 'boolean' })
  isRead = false;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
