import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../shared/clock/clock';
import { NotFoundError } from '../../../shared/errors/app-errors';
import { FileStorage } from '../../../shared/storage/file-storage';
import { toAnalysisSummary, type AnalysisSummary } from '../domain/analysis-summary';
import {
  toAnalysisView,
  toStatusView,
  type AnalysisStatusView,
  type AnalysisView,
} from '../domain/analysis-view';
import {
  explainFocusAreas,
  parseClub,
  SWING_EVENTS,
  type FocusReason,
} from '../../swing-engine/rules';
import {
  monthlyAverage,
  MONTHLY_AVERAGE_DAYS,
  type MonthlyAverage,
} from '../domain/monthly-average';
import { mobilityOf } from '../domain/stored-analysis';
import { SwingAnalysisEntity } from '../domain/swing-analysis.entity';
import { UploadSlotEntity } from '../domain/upload-slot.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ANALYSIS_NOT_FOUND = 'Analysis not found. Please try again.';
const DAY_MS = 24 * 60 * 60 * 1000;

export type MediaKind =
  | { kind: 'video'; view: string }
  | { kind: 'still'; event: string }
  | { kind: 'pose'; view: string };

/**
 * The one read side of the analysis module: the signed-in golfer's analyses, as the /api calls,
 * the Remix loaders and Home read them. Every method takes that golfer's id once and reads only
 * their rows; another golfer's analysis id answers exactly like a missing one (404). (A path
 * naming another user, /user/{id}, is refused at the HTTP edge.)
 */
@Injectable()
export class SwingAnalysesService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly storage: FileStorage,
  ) {}

  private async own(golferId: string, id: string): Promise<SwingAnalysisEntity> {
    const row = UUID.test(id)
      ? await this.em.fork().findOne(SwingAnalysisEntity, { id, userId: golferId })
      : null;
    if (!row) throw new NotFoundError(ANALYSIS_NOT_FOUND);
    return row;
  }

  async get(golferId: string, id: string): Promise<AnalysisView> {
    return toAnalysisView(await this.own(golferId, id));
  }

  async status(golferId: string, id: string): Promise<AnalysisStatusView> {
    return toStatusView(await this.own(golferId, id));
  }

  /** Every analysis, newest first (GET /api/swing-analyses/user/1). */
  async list(golferId: string): Promise<AnalysisView[]> {
    const rows = await this.em
      .fork()
      .find(
        SwingAnalysisEntity,
        { userId: golferId },
        { orderBy: { createdAt: 'desc', id: 'desc' } },
      );
    return rows.map(toAnalysisView);
  }

  async count(golferId: string): Promise<number> {
    return this.em.fork().count(SwingAnalysisEntity, { userId: golferId });
  }

  /** The newest analyses as their cards show them (Home, the history). */
  /**
   * The golfer's focus areas from the latest complete analysis (spec section 4), each with the
   * measured value that chose it; null with no complete analysis. The daily workout reads this.
   */
  async latestFocus(golferId: string): Promise<FocusReason[] | null> {
    const latest = await this.em
      .fork()
      .findOne(
        SwingAnalysisEntity,
        { userId: golferId, status: 'complete' },
        { orderBy: { createdAt: 'desc', id: 'desc' } },
      );
    if (!latest) return null;
    const stored = latest.analysisResults;
    // Only trusted metrics are in mobilityAnalysis (decision 0014): none gives the defaults.
    return explainFocusAreas({ mobilityAnalysis: stored ? mobilityOf(stored) : null });
  }

  async recent(golferId: string, limit = 5): Promise<AnalysisSummary[]> {
    const rows = await this.em
      .fork()
      .find(
        SwingAnalysisEntity,
        { userId: golferId },
        { orderBy: { createdAt: 'desc', id: 'desc' }, limit },
      );
    return rows.map(toAnalysisSummary);
  }

  async latest(golferId: string): Promise<AnalysisSummary | null> {
    return (await this.recent(golferId, 1))[0] ?? null;
  }

  /** The analysis before `id` (same club when it has one). */
  async previous(golferId: string, id: string): Promise<AnalysisView> {
    const current = await this.own(golferId, id);
    const previous = await this.em.fork().findOne(
      SwingAnalysisEntity,
      {
        userId: golferId,
        id: { $ne: id },
        createdAt: { $lte: current.createdAt },
        ...(current.clubSelection ? { clubSelection: current.clubSelection } : {}),
      },
      { orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    if (!previous) throw new NotFoundError('No previous analysis.');
    return toAnalysisView(previous);
  }

  /** Spec: past 30 days, per club; failed analyses do not count. */
  async monthlyAverage(golferId: string, club: string): Promise<MonthlyAverage> {
    const parsed = parseClub(club);
    if (!parsed) throw new NotFoundError('Unknown club.');
    const since = new Date(this.clock.now().getTime() - MONTHLY_AVERAGE_DAYS * DAY_MS);
    const rows = await this.em.fork().find(SwingAnalysisEntity, {
      userId: golferId,
      clubSelection: parsed,
      status: { $ne: 'failed' },
      createdAt: { $gte: since },
    });
    return monthlyAverage(rows);
  }

  async delete(golferId: string, id: string): Promise<void> {
    const row = await this.own(golferId, id);
    await this.em.fork().transactional(async (tx) => {
      // A failed analysis never keeps its slot (one failed before slots were given back may).
      // First: deleting the analysis sets the slot's analysis_id to null (the foreign key).
      if (row.status === 'failed') {
        await tx.nativeDelete(UploadSlotEntity, { analysisId: row.id, userId: golferId });
      }
      await tx.nativeDelete(SwingAnalysisEntity, { id: row.id, userId: golferId });
    });
    // A run still in progress finds the row gone and discards its results.
    await this.storage.remove(`analyses/${row.id}`);
  }

  /** The file behind a media URL, for its owner only. */
  async mediaPath(golferId: string, id: string, media: MediaKind): Promise<string> {
    const row = await this.own(golferId, id);
    const input = media.kind === 'video' ? await this.uploadInput(row) : null;
    let key: string | null = null;
    if (media.kind === 'video') {
      if (media.view === 'face-on') key = input?.faceOn.key ?? null;
      if (media.view === 'down-the-line') key = input?.downTheLine?.key ?? null;
    } else if (row.artifactsKey) {
      if (media.kind === 'still' && (SWING_EVENTS as readonly string[]).includes(media.event)) {
        key = `${row.artifactsKey}/face-on-${media.event}.jpg`;
      }
      if (media.kind === 'pose' && (media.view === 'face-on' || media.view === 'down-the-line')) {
        key = `${row.artifactsKey}/pose-${media.view}.json`;
      }
    }
    if (!key || (await this.storage.size(key)) === null) throw new NotFoundError('File not found.');
    return this.storage.localPath(key);
  }

  private async uploadInput(row: SwingAnalysisEntity) {
    const em = this.em.fork();
    const full = await em.findOne(
      SwingAnalysisEntity,
      { id: row.id },
      { populate: ['uploadInput'] },
    );
    return full?.uploadInput ?? null;
  }
}
