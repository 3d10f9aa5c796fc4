import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

/**
 * Notifications have no public API to create them (other modules call the service), so the API
 * tests insert and inspect the rows directly in the app's test database.
 */
export interface NotificationRow {
  id: string;
  userId: string;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: Date;
}

export class NotificationRows {
  private constructor(private readonly client: Client) {}

  static async connect(databaseUrl: string): Promise<NotificationRows> {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    return new NotificationRows(client);
  }

  async insert(
    row: Pick<NotificationRow, 'userId'> & Partial<Omit<NotificationRow, 'userId'>>,
  ): Promise<NotificationRow> {
    const full: NotificationRow = {
      id: row.id ?? randomUUID(),
      userId: row.userId,
      type: row.type ?? 'achievement',
      title: row.title ?? 'Nice swing',
      message: row.message ?? 'You earned a badge.',
      isRead: row.isRead ?? false,
      createdAt: row.createdAt ?? new Date(),
    };
    await this.client.query(
      `insert into notifications (id, user_id, type, title, message, is_read, created_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [full.id, full.userId, full.type, full.title, full.message, full.isRead, full.createdAt],
    );
    return full;
  }

  /** The row as stored, or null when it does not exist. */
  async find(id: string): Promise<NotificationRow | null> {
    const { rows } = await this.client.query<{
      id: string;
      user_id: string;
      type: string;
      title: string;
      message: string;
      is_read: boolean;
      created_at: Date;
    }>('select * from notifications where id = $1', [id]);
    const r = rows[0];
    if (!r) return null;
    return {
      id: r.id,
      userId: r.user_id,
      type: r.type,
      title: r.title,
      message: r.message,
      isRead: r.is_read,
      createdAt: r.created_at,
    };
  }

  async query<T extends object>(sql: string, params: unknown[] = []): Promise<T[]> {
    const { rows } = await this.client.query<T>(sql, params);
    return rows;
  }

  close(): Promise<void> {
    return this.client.end();
  }
}
