import { Injectable } from '@nestjs/common';
import { raw } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AnalysisLeases, type Claim, type Completion } from '../../application/analysis-leases';
import { emptyStoredAnalysis, type StoredFailure } from '../../domain/stored-analysis';
import {
  SwingAnalysisEntity,
  type AnalysisStatus,
  type UploadInput,
} from '../../domain/swing-analysis.entity';
import { UploadSlotEntity } from '../../domain/upload-slot.entity';

/**
 * Claims on analysis rows in PostgreSQL. Each statement is one atomic UPDATE guarded by status and lease, so
 * two runners can never both hold a row, and a run's results land only while its runner still
 * holds the lease: an analysis completes exactly once even when a runner that was thought dead
 * comes back. Lease times use the database's clock, the one all runners share.
 */
@Injectable()
export class PgAnalysisLeases extends AnalysisLeases {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private async execute<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params, 'all');
  }

  async claim(id: string, owner: string, leaseSeconds: number): Promise<Claim | null> {
    const rows = await this.execute<{
      id: string;
      user_id: string;
      attempts: number;
      club_selection: string | null;
      upload_input: UploadInput | null;
    }>(
      `update "swing_analyses"
          set "status" = 'running', "lease_owner" = ?, "attempts" = "attempts" + 1,
              "lease_expires_at" = now() + make_interval(secs => ?)
        where "id" = ? and ("status" = 'queued' or ("status" = 'running' and "lease_expires_at" < now()))
        returning "id", "user_id", "attempts", "club_selection", "upload_input"`,
      [owner, leaseSeconds, id],
    );
    const row = rows[0];
    return row
      ? {
          id: row.id,
          userId: row.user_id,
          attempts: row.attempts,
          clubSelection: row.club_selection,
          uploadInput: row.upload_input,
        }
      : null;
  }

  async renew(id: string, owner: string, leaseSeconds: number): Promise<boolean> {
    const rows = await this.execute(
      `update "swing_analyses" set "lease_expires_at" = now() + make_interval(secs => ?)
        where "id" = ? and "status" = 'running' and "lease_owner" = ? returning "id"`,
      [leaseSeconds, id, owner],
    );
    return rows.length > 0;
  }

  /** Writes the results if the lease is still ours; false means another runner took over. */
  async complete(id: string, owner: string, completion: Completion): Promise<boolean> {
    return this.finish(id, owner, { ...completion, status: 'complete' });
  }

  /** Marks the analysis failed for good (its stored results carry why). */
  /** Marks it failed and, in the same transaction, gives its upload slot back (issue 13). */
  async fail(id: string, owner: string, failure: StoredFailure): Promise<boolean> {
    return this.em.fork().transactional(async (tx) => {
      const updated = await tx.nativeUpdate(
        SwingAnalysisEntity,
        { id, status: 'running', leaseOwner: owner },
        {
          status: 'failed',
          analysisResults: { ...emptyStoredAnalysis(), failure },
          completedAt: raw('now()'),
          leaseOwner: null,
          leaseExpiresAt: null,
        },
      );
      if (updated > 0) await tx.nativeDelete(UploadSlotEntity, { analysisId: id });
      return updated > 0;
    });
  }

  /** One conditional UPDATE through the entity's mapping: only the lease holder's write lands. */
  private async finish(
    id: string,
    owner: string,
    fields: Partial<SwingAnalysisEntity> & { status: 'complete' | 'failed' },
  ): Promise<boolean> {
    const updated = await this.em
      .fork()
      .nativeUpdate(
        SwingAnalysisEntity,
        { id, status: 'running', leaseOwner: owner },
        { ...fields, completedAt: raw('now()'), leaseOwner: null, leaseExpiresAt: null },
      );
    return updated > 0;
  }

  async release(id: string, owner: string, options: { refundAttempt?: boolean } = {}) {
    await this.execute(
      `update "swing_analyses"
          set "status" = 'queued', "lease_owner" = null, "lease_expires_at" = null,
              "attempts" = greatest(0, "attempts" - ?)
        where "id" = ? and "status" = 'running' and "lease_owner" = ?`,
      [options.refundAttempt ? 1 : 0, id, owner],
    );
  }

  async status(id: string): Promise<AnalysisStatus | null> {
    const rows = await this.execute<{ status: AnalysisStatus }>(
      `select "status" from "swing_analyses" where "id" = ?`,
      [id],
    );
    return rows[0]?.status ?? null;
  }

  async unfinished(limit = 100): Promise<string[]> {
    const rows = await this.execute<{ id: string }>(
      `select "id" from "swing_analyses"
        where "status" = 'queued' or ("status" = 'running' and "lease_expires_at" < now())
        order by "created_at" limit ?`,
      [limit],
    );
    return rows.map((r) => r.id);
  }
}
