import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../../shared/config/app-config';
import { Clock } from '../../../shared/clock/clock';
import { ForbiddenError, RefusedError, UnauthorizedError } from '../../../shared/errors/app-errors';
import { DomainEvents } from '../../../shared/events/domain-events';
import { FileStorage } from '../../../shared/storage/file-storage';
import { IdentityService } from '../../identity/application/identity.service';
import { mediaUrls } from '../domain/analysis-view';
import {
  parseClub,
  type Club,
  INCOMPLETE_LAUNCH_MONITOR_DATA,
  INVALID_SPEED_VALUES,
  validateLaunchMonitorInput,
  type LaunchMonitorData,
  ACCEPTED_VIDEO_EXTENSIONS,
  MAX_VIDEO_BYTES,
  VIDEO_FIELDS,
} from '../../swing-engine/rules';
import type { StoredVideo } from '../domain/swing-analysis.entity';
import { namedUserId } from '../domain/user-param';
import { decideUpload, refuseEarly, type UploadDecision } from '../domain/upload-quota';
import type { ReceivedFile } from '../infrastructure/upload/multipart-upload';
import { AnalysisJobsService } from './analysis-jobs.service';
import { UploadReceiver, UploadRecords, VideoChecks, type UploadRequest } from './upload-ports';
import { UploadQuotaService } from './upload-quota.service';

export const FACE_ON_REQUIRED_TITLE = 'Face-On Video Required';
export const FACE_ON_REQUIRED_MESSAGE = 'Please upload a face-on view video to proceed.';

/**
 * POST /api/swing-analyses: receive, check, store, queue. Every spec section 5 rule is checked
 * here whatever the browser did; a refused or broken request leaves no row and no file.
 */
@Injectable()
export class SwingUploadService {
  private readonly logger = new Logger('SwingUpload');

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly storage: FileStorage,
    private readonly identity: IdentityService,
    private readonly quotas: UploadQuotaService,
    private readonly jobs: AnalysisJobsService,
    private readonly events: DomainEvents,
    private readonly receiver: UploadReceiver,
    private readonly videos: VideoChecks,
    private readonly records: UploadRecords,
  ) {}

  async upload(userId: string, request: UploadRequest): Promise<{ id: string }> {
    const user = await this.identity.currentUser(userId);
    if (!user) throw new UnauthorizedError();
    // A free user at the limit hears so before sending 100 MB.
    const early = refuseEarly(await this.quotas.history(userId, user.isPremium));
    if (early) throw refusal(early);

    const id = randomUUID();
    const stagingKey = `staging/${randomUUID()}`;
    const analysisKey = `analyses/${id}`;
    let stored = false;
    let club: Club | null = null;
    try {
      const received = await this.receiver.receive(request, stagingKey, MAX_VIDEO_BYTES);
      // The screens post userId too (spec section 7): it must be the signed-in user.
      const named = received.fields['userId']?.trim();
      if (named && namedUserId(userId, named) !== userId) {
        throw new ForbiddenError('You can only upload swings to your own account.');
      }
      const files = this.checkFiles(received.files);
      const launch = checkLaunchData(received.fields);
      club = chosenClub(received.fields, launch);

      const now = this.clock.now();
      const zone = this.config.APP_TIMEZONE;
      const history = await this.quotas.history(userId, user.isPremium, now);
      const decision = decideUpload(
        history,
        { club, withDownTheLine: !!files.downTheLine },
        now,
        zone,
      );
      if (!decision.ok) throw refusal(decision);

      const faceOn = await this.checkVideo(files.faceOn, analysisKey);
      const downTheLine = files.downTheLine
        ? await this.checkVideo(files.downTheLine, analysisKey)
        : null;
      for (const [file, video] of [
        [files.faceOn, faceOn],
        [files.downTheLine, downTheLine],
      ] as const) {
        if (file && video) await this.storage.move(file.key!, video.key);
      }

      const recorded = await this.records.record(
        {
          id,
          userId,
          createdAt: now,
          // The swing's club as the launch data names it (its benchmarks), else the slot's.
          clubSelection: launch?.clubSelection ?? club,
          clubSpeed: launch?.clubSpeed ?? null,
          ballSpeed: launch?.ballSpeed ?? null,
          carry: launch?.carry ?? null,
          total: launch?.total ?? null,
          spinRate: launch?.spinRate ?? null,
          clubPath: launch?.clubPath ?? null,
          faceAngle: launch?.faceAngle ?? null,
          tourComparison: launch?.tourComparison ?? null,
          faceOnVideoUrl: mediaUrls.video(id, 'face-on'),
          downTheLineVideoUrl: downTheLine ? mediaUrls.video(id, 'down-the-line') : null,
          uploadInput: { faceOn, downTheLine, launch },
        },
        { slot: decision.slot, periodStart: decision.periodStart },
      );
      if (recorded === 'slot-taken') {
        // Another upload took the same slot a moment earlier: its refusal, in the golfer's words.
        const again = decideUpload(
          await this.quotas.history(userId, user.isPremium, now),
          { club, withDownTheLine: !!downTheLine },
          now,
          zone,
        );
        throw again.ok
          ? new RefusedError(409, 'Upload Conflict', 'Please try uploading again.')
          : refusal(again);
      }
      stored = true;
    } finally {
      await this.storage.remove(stagingKey);
      if (!stored) await this.storage.remove(analysisKey);
    }

    // The committed row is the job: the answer does not wait for the queue (a Redis that is
    // reconnecting would hold it), and the sweeper enqueues the row if this enqueue is lost.
    void this.jobs.enqueue(id);
    await this.identity
      .recordVideoUpload(userId)
      .catch((e: Error) => this.logger.warn(`upload counter of ${userId}: ${e.message}`));
    await this.events.publish('analysis.upload-succeeded', {
      analysisId: id,
      userId,
      club,
      occurredAt: this.clock.now(),
    });
    return { id };
  }

  /** Sizes first (they need no probe), then the face-on rule. */
  private checkFiles(files: ReceivedFile[]) {
    for (const file of files) {
      const basics = file.tooLarge ? this.videos.basics(file.originalName, file.size) : null;
      if (basics && !basics.ok) {
        throw new RefusedError(400, basics.title, basics.message, {
          field: file.field,
          reason: basics.reason,
        });
      }
    }
    // A file part without a name is the browser's "no file chosen".
    const chosen = files.filter((f) => f.originalName !== '' || f.size > 0);
    const faceOn = chosen.find((f) => f.field === 'faceOnVideo');
    if (!faceOn) {
      throw new RefusedError(400, FACE_ON_REQUIRED_TITLE, FACE_ON_REQUIRED_MESSAGE, {
        field: 'faceOnVideo',
      });
    }
    return { faceOn, downTheLine: chosen.find((f) => f.field === 'downTheLineVideo') ?? null };
  }

  /** Spec section 5 on the stored bytes (sniffed, then probed); the stored video's key. */
  private async checkVideo(file: ReceivedFile, analysisKey: string): Promise<StoredVideo> {
    const validation = await this.videos.check({
      originalName: file.originalName,
      path: this.storage.localPath(file.key!),
      size: file.size,
    });
    if (!validation.ok) {
      throw new RefusedError(400, validation.title, validation.message, {
        field: file.field,
        reason: validation.reason,
      });
    }
    // Our name, with the extension only when it is one we accept (never the user's name).
    const ext = extname(file.originalName).slice(1).toLowerCase();
    const suffix = ACCEPTED_VIDEO_EXTENSIONS.includes(ext) ? ext : 'mp4';
    return {
      key: `${analysisKey}/${VIDEO_FIELDS[file.field]}.${suffix}`,
      originalName: file.originalName.slice(0, 255),
      size: file.size,
    };
  }
}

function refusal(decision: Extract<UploadDecision, { ok: false }>): RefusedError {
  return new RefusedError(decision.status, decision.title, decision.message, {
    requiresUpgrade: decision.requiresUpgrade,
  });
}

/** All-or-nothing with bounds (spec section 5); the title says which rule failed. */
function checkLaunchData(fields: Record<string, string>): LaunchMonitorData | null {
  const result = validateLaunchMonitorInput(fields);
  if (result.ok) return result.data;
  const messages = Object.values(result.errors).flat();
  const speedProblem = (['clubSpeed', 'ballSpeed'] as const).some((f) =>
    result.errors[f]?.some((m) => m !== INCOMPLETE_LAUNCH_MONITOR_DATA),
  );
  const title = messages.includes(INCOMPLETE_LAUNCH_MONITOR_DATA)
    ? INCOMPLETE_LAUNCH_MONITOR_DATA
    : speedProblem
      ? INVALID_SPEED_VALUES
      : 'Invalid Launch Monitor Data';
  const message =
    title === INCOMPLETE_LAUNCH_MONITOR_DATA
      ? 'Please fill in tour comparison, club, club speed and ball speed, or leave all launch monitor fields empty.'
      : title === INVALID_SPEED_VALUES
        ? [
            ...new Set(
              [...(result.errors.clubSpeed ?? []), ...(result.errors.ballSpeed ?? [])].map((m) =>
                m === INVALID_SPEED_VALUES ? 'Club speed and ball speed must be positive.' : m,
              ),
            ),
          ].join(' ')
        : messages.join(' ');
  throw new RefusedError(400, title, message, { errors: result.errors });
}

/**
 * The club for the weekly slot: a `club` field (premium uploads name Driver or 7-Iron, with or
 * without launch numbers), else the launch data's club. The launch data may name any benchmark
 * club (its numbers are compared with that club's tour figures); the slot stays the one named.
 */
function chosenClub(fields: Record<string, string>, launch: LaunchMonitorData | null): Club | null {
  const named = fields['club']?.trim() ? parseClub(fields['club']) : null;
  if (fields['club']?.trim() && !named) {
    throw new RefusedError(400, 'Invalid Club', 'Choose a club from the list.', { field: 'club' });
  }
  return named ?? launch?.clubSelection ?? null;
}
