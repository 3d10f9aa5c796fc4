import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../shared/clock/clock';
import { ForbiddenError, NotFoundError } from '../../../shared/errors/app-errors';
import { FileStorage } from '../../../shared/storage/file-storage';
import {
  toAnalysisView,
  toStatusView,
  type AnalysisStatusView,
  type AnalysisView,
} from '../domain/analysis-view';
import { parseClub, SWING_EVENTS } from '../../swing-engine/rules';
import {
  monthlyAverage,
  MONTHLY_AVERAGE_DAYS,
  type MonthlyAverage,
} from '../domain/monthly-average';
import { SwingAnalysisEntity } from '../domain/swing-analysis.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ANALYSIS_NOT_FOUND = 'Analysis not found. Please try again.';
const DAY_MS = 24 * 60 * 60 * 1000;

export type MediaKind =
  | { kind: 'video'; view: string }
  | { kind: 'still'; event: string }
  | { kind: 'pose'; view: string };

/**
 * The owner's analyses. Another user's analysis id answers exactly like a missing one (404); a
 * path naming another user's id answers 403.
 */
@Injectable()
export class SwingAnalysesService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly storage: FileStorage,
  ) {}

  private async own(actorId: string, id: string): Promise<SwingAnalysisEntity> {
    const row = UUID.test(id)
      ? await this.em.fork().findOne(SwingAnalysisEntity, { id, userId: actorId })
      : null;
    if (!row) throw new NotFoundError(ANALYSIS_NOT_FOUND);
    return row;
  }

  private assertSelf(actorId: string, userId: string) {
    if (actorId !== userId) throw new ForbiddenError('You can only see your own analyses.');
  }

  async get(actorId: string, id: string): Promise<AnalysisView> {
    return toAnalysisView(await this.own(actorId, id));
  }

  async status(actorId: string, id: string): Promise<AnalysisStatusView> {
    return toStatusView(await this.own(actorId, id));
  }

  async listForUser(actorId: string, userId: string): Promise<AnalysisView[]> {
    this.assertSelf(actorId, userId);
    const rows = await this.em
      .fork()
      .find(SwingAnalysisEntity, { userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return rows.map(toAnalysisView);
  }

  /** The analysis before `id` (same club when it has one). */
  async previous(actorId: string, userId: string, id: string): Promise<AnalysisView> {
    this.assertSelf(actorId, userId);
    const current = await this.own(actorId, id);
    const previous = await this.em.fork().findOne(
      SwingAnalysisEntity,
      {
        userId,
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
  async monthlyAverage(actorId: string, userId: string, club: string): Promise<MonthlyAverage> {
    this.assertSelf(actorId, userId);
    const parsed = parseClub(club);
    if (!parsed) throw new NotFoundError('Unknown club.');
    const since = new Date(this.clock.now().getTime() - MONTHLY_AVERAGE_DAYS * DAY_MS);
    const rows = await this.em.fork().find(SwingAnalysisEntity, {
      userId,
      clubSelection: parsed,
      hasError: false,
      createdAt: { $gte: since },
    });
    return monthlyAverage(rows);
  }

  async delete(actorId: string, id: string): Promise<void> {
    const row = await this.own(actorId, id);
    await this.em.fork().nativeDelete(SwingAnalysisEntity, { id: row.id, userId: actorId });
    // A run still in progress finds the row gone and discards its results.
    await this.storage.remove(`analyses/${row.id}`);
  }

  /** The file behind a media URL, for its owner only. */
  async mediaPath(actorId: string, id: string, media: MediaKind): Promise<string> {
    const row = await this.own(actorId, id);
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
