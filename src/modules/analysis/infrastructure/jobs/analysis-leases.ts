import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AnalysisStatus, UploadInput } from '../../domain/swing-analysis.entity';

export interface Claim {
  id: string;
  userId: string;
  attempts: number;
  clubSelection: string | null;
  uploadInput: UploadInput | null;
}

/** The fields a finished run writes, in column names. */
export interface CompletionFields {
  key_issues: string[];
  recommendations: string[];
  exercise_recommendations: string[];
  swing_strengths: string[];
  swing_weaknesses: string[];
  launch_monitor_assessment: string | null;
  technical_details: Record<string, unknown>;
  mobility_analysis: Record<string, unknown>;
  analysis_results: Record<string, unknown>;
  artifacts_key: string;
}

const JSON_COLUMNS = new Set([
  'key_issues',
  'recommendations',
  'exercise_recommendations',
  'swing_strengths',
  'swing_weaknesses',
  'technical_details',
  'mobility_analysis',
  'analysis_results',
]);

/**
 * Claims on analysis rows. Each statement is one atomic UPDATE guarded by status and lease, so
 * two runners can never both hold a row, and a run's results land only while its runner still
 * holds the lease: an analysis completes exactly once even when a runner that was thought dead
 * comes back. Lease times use the database's clock, the one all runners share.
 */
@Injectable()
export class AnalysisLeases {
  constructor(private readonly em: EntityManager) {}

  private async execute<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params, 'all');
  }

  /** Takes a queued row, or a running one whose lease ran out (its runner died). */
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

  /** Extends the lease; false when it is no longer ours. */
  async renew(id: string, owner: string, leaseSeconds: number): Promise<boolean> {
    const rows = await this.execute(
      `update "swing_analyses" set "lease_expires_at" = now() + make_interval(secs => ?)
        where "id" = ? and "status" = 'running' and "lease_owner" = ? returning "id"`,
      [leaseSeconds, id, owner],
    );
    return rows.length > 0;
  }

  /** Writes the results if the lease is still ours; false means another runner took over. */
  async complete(id: string, owner: string, fields: CompletionFields): Promise<boolean> {
    const entries = Object.entries(fields);
    const sets = entries
      .map(([column]) => `"${column}" = ?${JSON_COLUMNS.has(column) ? '::jsonb' : ''}`)
      .join(', ');
    const values = entries.map(([column, value]) =>
      JSON_COLUMNS.has(column) ? JSON.stringify(value) : value,
    );
    const rows = await this.execute(
      `update "swing_analyses"
          set ${sets}, "status" = 'complete', "is_complete" = true, "has_error" = false,
              "completed_at" = now(), "lease_owner" = null, "lease_expires_at" = null
        where "id" = ? and "status" = 'running' and "lease_owner" = ? returning "id"`,
      [...values, id, owner],
    );
    return rows.length > 0;
  }

  /** Marks the analysis failed for good (technicalDetails carries the error). */
  async fail(
    id: string,
    owner: string,
    technicalDetails: Record<string, unknown>,
  ): Promise<boolean> {
    const rows = await this.execute(
      `update "swing_analyses"
          set "status" = 'failed', "has_error" = true, "is_complete" = false,
              "technical_details" = ?::jsonb, "completed_at" = now(),
              "lease_owner" = null, "lease_expires_at" = null
        where "id" = ? and "status" = 'running' and "lease_owner" = ? returning "id"`,
      [JSON.stringify(technicalDetails), id, owner],
    );
    return rows.length > 0;
  }

  /**
   * Gives the row back to the queue (a retry follows). A run stopped by a shutdown, not by a
   * fault of its own, gets its attempt back.
   */
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

  /** Rows waiting for a runner: queued, or running under a lease that ran out. */
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
