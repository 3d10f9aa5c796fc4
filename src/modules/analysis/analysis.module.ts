import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { BullModule, getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { AppConfig } from '../../shared/config/app-config';
import { BullJobQueue, type JobData } from '../../shared/queue/bull-queue';
import { InProcessJobQueue } from '../../shared/queue/in-process-queue';
import { JobQueue } from '../../shared/queue/job-queue';
import { IdentityModule } from '../identity/identity.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { AnalysisExecutor } from './application/analysis-executor';
import { AnalysisLeases } from './application/analysis-leases';
import {
  AnalysisJobsService,
  PROCESS_ROLE,
  type ProcessRole,
} from './application/analysis-jobs.service';
import { CoachingModel, CoachingService } from './application/coaching.service';
import { SwingAnalysesService } from './application/swing-analyses.service';
import { SwingUploadService } from './application/swing-upload.service';
import { UploadJanitorService } from './application/upload-janitor.service';
import { UploadReceiver, UploadRecords, VideoChecks } from './application/upload-ports';
import { UploadQuotaService } from './application/upload-quota.service';
import { SwingAnalysesController, UploadStatusController } from './http/swing-analyses.controller';
import { OpenAiCoach } from './infrastructure/coaching/openai-coach';
import { PgAnalysisLeases } from './infrastructure/jobs/analysis-leases';
import { ChildProcessExecutor } from './infrastructure/jobs/child-process-executor';
import {
  FfprobeVideoChecks,
  MultipartUploadReceiver,
  OrmUploadRecords,
} from './infrastructure/upload/upload-adapters';

export const ANALYSIS_QUEUE = 'swing-analysis';

/**
 * Uploads, analyses and their jobs. `role` says whether this process is the web app (serves the
 * calls; runs analyses itself only without Redis) or a `npm run worker` process.
 */
@Module({})
export class AnalysisModule {
  static forRoot(config: AppConfig, role: ProcessRole): DynamicModule {
    const leaseMs = config.ANALYSIS_LEASE_SECONDS * 1000;
    const queue: Provider = config.REDIS_URL
      ? {
          provide: JobQueue,
          inject: [getQueueToken(ANALYSIS_QUEUE)],
          useFactory: (bull: Queue<JobData>) => new BullJobQueue(bull),
        }
      : { provide: JobQueue, useFactory: () => new InProcessJobQueue() };
    return {
      module: AnalysisModule,
      imports: [
        // A worker only runs jobs: it needs neither accounts nor the HTTP side.
        ...(role === 'web' ? [IdentityModule] : []),
        NotificationsModule,
        ...(config.REDIS_URL
          ? [
              BullModule.forRoot({ url: config.REDIS_URL }),
              BullModule.registerQueue({
                name: ANALYSIS_QUEUE,
                prefix: config.REDIS_QUEUE_PREFIX,
                // A worker that stops renewing its lock for this long is taken for dead.
                settings: { lockDuration: leaseMs, stalledInterval: leaseMs, maxStalledCount: 2 },
              }),
            ]
          : []),
      ],
      controllers: role === 'web' ? [SwingAnalysesController, UploadStatusController] : [],
      providers: [
        { provide: PROCESS_ROLE, useValue: role },
        queue,
        { provide: AnalysisExecutor, useFactory: () => new ChildProcessExecutor() },
        { provide: AnalysisLeases, useClass: PgAnalysisLeases },
        AnalysisJobsService,
        CoachingService,
        {
          provide: CoachingModel,
          useFactory: () =>
            config.OPENAI_API_KEY
              ? new OpenAiCoach(config.OPENAI_API_KEY, config.OPENAI_BASE_URL, config.OPENAI_MODEL)
              : null,
        },
        ...(role === 'web'
          ? [
              SwingAnalysesService,
              SwingUploadService,
              UploadQuotaService,
              UploadJanitorService,
              { provide: UploadReceiver, useClass: MultipartUploadReceiver },
              { provide: VideoChecks, useClass: FfprobeVideoChecks },
              { provide: UploadRecords, useClass: OrmUploadRecords },
            ]
          : []),
      ],
      exports: role === 'web' ? [SwingAnalysesService, UploadQuotaService] : [],
    };
  }
}
