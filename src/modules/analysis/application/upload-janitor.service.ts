import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { FileStorage } from '../../../shared/storage/file-storage';
import { SwingAnalysisEntity } from '../domain/swing-analysis.entity';
import { PROCESS_ROLE, type ProcessRole } from './analysis-jobs.service';

/** Older than this, a staging folder or an analysis folder without a row is no upload in flight. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Removes what a crash can leave in storage: a staging folder of an upload cut off mid-stream, or
 * an analysis folder whose row was never committed (or was deleted just before the crash). Runs
 * at boot of the web app; the age threshold keeps it away from uploads other instances are
 * receiving right now.
 */
@Injectable()
export class UploadJanitorService implements OnApplicationBootstrap {
  private readonly logger = new Logger('UploadJanitor');

  constructor(
    private readonly em: EntityManager,
    private readonly storage: FileStorage,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
  ) {}

  onApplicationBootstrap() {
    if (this.role === 'web') {
      void this.sweep().catch((e: Error) => this.logger.warn(`sweep failed: ${e.message}`));
    }
  }

  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    const old = async (key: string) => {
      const modified = await this.storage.modifiedAt(key);
      return modified !== null && now - modified.getTime() > ORPHAN_AGE_MS;
    };
    for (const name of await this.storage.list('staging')) {
      if (await old(`staging/${name}`)) {
        await this.storage.remove(`staging/${name}`);
        removed++;
      }
    }
    const folders = (await this.storage.list('analyses')).filter((n) => UUID.test(n));
    if (folders.length) {
      const rows = await this.em
        .fork()
        .find(SwingAnalysisEntity, { id: { $in: folders } }, { fields: ['id'] });
      const known = new Set(rows.map((r) => r.id));
      for (const id of folders) {
        if (!known.has(id) && (await old(`analyses/${id}`))) {
          await this.storage.remove(`analyses/${id}`);
          removed++;
        }
      }
    }
    if (removed) this.logger.log(`removed ${removed} orphaned upload folder(s)`);
    return removed;
  }
}
