import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { SwingAnalysisEntity } from '../domain/swing-analysis.entity';
import { toAnalysisSummary, type AnalysisSummary } from '../domain/analysis-summary';

/** Read side of the analysis module: what Home and the other modules need to know. */
@Injectable()
export class SwingAnalysisQueryService {
  constructor(private readonly em: EntityManager) {}

  async countForUser(userId: string): Promise<number> {
    return this.em.fork().count(SwingAnalysisEntity, { userId });
  }

  async latestForUser(userId: string): Promise<AnalysisSummary | null> {
    const row = await this.em
      .fork()
      .findOne(SwingAnalysisEntity, { userId }, { orderBy: { createdAt: 'desc' } });
    return row ? toAnalysisSummary(row) : null;
  }

  async recentForUser(userId: string, limit = 5): Promise<AnalysisSummary[]> {
    const rows = await this.em
      .fork()
      .find(SwingAnalysisEntity, { userId }, { orderBy: { createdAt: 'desc' }, limit });
    return rows.map(toAnalysisSummary);
  }
}
