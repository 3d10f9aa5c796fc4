import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError } from '../../../shared/errors/app-errors';
import { NotificationEntity } from '../domain/notification.entity';
import { toNotificationType } from '../domain/notification-type';

export interface NotificationView {
  id: string;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  /** The app path it opens when tapped, or null. */
  link: string | null;
  createdAt: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The panel shows the newest ones; older notifications are not deleted, just not listed. */
const LIST_LIMIT = 100;

/** Notifications of one user. Every query is scoped by the owner's id. */
@Injectable()
export class NotificationsService {
  constructor(private readonly em: EntityManager) {}

  /** What other modules call (through events or directly) to tell a user something. */
  async notify(
    userId: string,
    type: string,
    title: string,
    message: string,
    /** An app path (starting with '/') the notification opens when tapped. */
    link: string | null = null,
  ): Promise<NotificationView> {
    const em = this.em.fork();
    const row = em.create(NotificationEntity, {
      userId,
      type: toNotificationType(type),
      title: title.slice(0, 200),
      message,
      link: link?.startsWith('/') && !link.startsWith('//') ? link.slice(0, 200) : null,
    });
    await em.flush();
    return toView(row);
  }

  async list(userId: string): Promise<NotificationView[]> {
    const rows = await this.em
      .fork()
      .find(
        NotificationEntity,
        { userId },
        { orderBy: { createdAt: 'desc', id: 'desc' }, limit: LIST_LIMIT },
      );
    return rows.map(toView);
  }

  async unreadCount(userId: string): Promise<number> {
    return this.em.fork().count(NotificationEntity, { userId, isRead: false });
  }

  async markRead(userId: string, id: string): Promise<void> {
    const changed = UUID.test(id)
      ? await this.em.fork().nativeUpdate(NotificationEntity, { id, userId }, { isRead: true })
      : 0;
    if (!changed) throw new NotFoundError('Notification not found.');
  }

  async markAllRead(userId: string): Promise<number> {
    return this.em
      .fork()
      .nativeUpdate(NotificationEntity, { userId, isRead: false }, { isRead: true });
  }

  async delete(userId: string, id: string): Promise<void> {
    const deleted = UUID.test(id)
      ? await this.em.fork().nativeDelete(NotificationEntity, { id, userId })
      : 0;
    if (!deleted) throw new NotFoundError('Notification not found.');
  }
}

function toView(row: NotificationEntity): NotificationView {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  };
}
