import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

export type AdminAction = 'login' | 'logout' | 'reset-usage' | 'import-videos' | 'download-videos';

export interface AuditEntry {
  id: string;
  at: string;
  actor: string;
  action: AdminAction;
  targetUserId: string | null;
  targetEmail: string | null;
  detail: string;
}

const AUDIT_PAGE = 50;

/** The admin audit log: written for every admin action, shown on /admin. */
@Injectable()
export class AdminAuditService {
  constructor(private readonly em: EntityManager) {}

  async record(entry: {
    actor: string;
    action: AdminAction;
    targetUserId?: string | null;
    detail?: string;
  }): Promise<void> {
    await this.em
      .fork()
      .getConnection()
      .execute(
        `insert into "admin_audit_log" ("actor", "action", "target_user_id", "detail") values (?, ?, ?, ?)`,
        [entry.actor, entry.action, entry.targetUserId ?? null, (entry.detail ?? '').slice(0, 500)],
      );
  }

  async recent(): Promise<AuditEntry[]> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<
        Array<{
          id: string;
          at: Date | string;
          actor: string;
          action: AdminAction;
          target_user_id: string | null;
          email: string | null;
          detail: string;
        }>
      >(
        `select a."id", a."at", a."actor", a."action", a."target_user_id", u."email", a."detail"
           from "admin_audit_log" a left join "users" u on u."id" = a."target_user_id"
          order by a."at" desc limit ?`,
        [AUDIT_PAGE],
        'all',
      );
    return rows.map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      actor: r.actor,
      action: r.action,
      targetUserId: r.target_user_id,
      targetEmail: r.email,
      detail: r.detail,
    }));
  }
}
