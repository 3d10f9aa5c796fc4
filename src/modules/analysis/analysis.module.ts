import { Module } from '@nestjs/common';
import { SwingAnalysisQueryService } from './application/swing-analysis-query.service';

@Module({
  providers: [SwingAnalysisQueryService],
  exports: [SwingAnalysisQueryService],
})
export class AnalysisModule {}
