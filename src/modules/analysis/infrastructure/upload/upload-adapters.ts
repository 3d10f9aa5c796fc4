import { Injectable } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { FileStorage } from '../../../../shared/storage/file-storage';
import {
  UploadReceiver,
  UploadRecords,
  VideoChecks,
  type NewAnalysis,
  type NewSlot,
  type UploadRequest,
} from '../../application/upload-ports';
import { SwingAnalysisEntity } from '../../domain/swing-analysis.entity';
import { UploadSlotEntity } from '../../domain/upload-slot.entity';
import {
  checkFileBasics,
  validateUploadedVideo,
  type UploadedVideo,
  type VideoValidation,
} from '../../../swing-engine/video';
import { receiveMultipart, type ReceivedUpload } from './multipart-upload';

/** busboy into the file storage. */
@Injectable()
export class MultipartUploadReceiver extends UploadReceiver {
  constructor(private readonly storage: FileStorage) {
    super();
  }

  receive(
    request: UploadRequest,
    stagingKey: string,
    maxFileBytes: number,
  ): Promise<ReceivedUpload> {
    return receiveMultipart(request, this.storage, stagingKey, maxFileBytes);
  }
}

/** Signature sniffing and ffprobe. */
export class FfprobeVideoChecks extends VideoChecks {
  check(video: UploadedVideo): Promise<VideoValidation> {
    return validateUploadedVideo(video);
  }

  basics(originalName: string, size: number): VideoValidation | null {
    return checkFileBasics(originalName, size);
  }
}

/** Both rows in one transaction; the slot's unique key refuses a racing second upload. */
@Injectable()
export class OrmUploadRecords extends UploadRecords {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async record(analysis: NewAnalysis, slot: NewSlot): Promise<'recorded' | 'slot-taken'> {
    try {
      await this.em.fork().transactional(async (tx) => {
        tx.create(SwingAnalysisEntity, { ...analysis, status: 'queued', analysisResults: null });
        await tx.flush(); // the slot row references it
        tx.create(UploadSlotEntity, {
          userId: analysis.userId,
          slot: slot.slot,
          periodStart: slot.periodStart,
          analysisId: analysis.id,
          createdAt: analysis.createdAt,
        });
      });
      return 'recorded';
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return 'slot-taken';
      throw error;
    }
  }
}
