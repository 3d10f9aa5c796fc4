import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { UploadSlotName } from '../domain/upload-quota';
import type { ReceivedUpload } from '../infrastructure/upload/multipart-upload';
import type { UploadedVideo, VideoValidation } from '../../swing-engine/video';
import type { SwingAnalysisEntity } from '../domain/swing-analysis.entity';

/**
 * What the upload use case needs from outside itself, as Nest tokens bound in analysis.module.ts:
 * the multipart stream, the video checks (ffprobe), and the two rows an accepted upload writes.
 * Specs put fakes here and need neither footage, a server nor a database.
 */

export type UploadRequest = Readable & { headers: IncomingHttpHeaders };

/** Streams a multipart request's files into storage under a staging key. */
export abstract class UploadReceiver {
  abstract receive(
    request: UploadRequest,
    stagingKey: string,
    maxFileBytes: number,
  ): Promise<ReceivedUpload>;
}

/** Spec section 5's video rules. */
export abstract class VideoChecks {
  /** On the stored bytes: sniffed, then probed. */
  abstract check(video: UploadedVideo): Promise<VideoValidation>;
  /** On name and size alone (no file access). */
  abstract basics(originalName: string, size: number): VideoValidation | null;
}

/** The analysis row as an accepted upload creates it. */
export type NewAnalysis = Pick<
  SwingAnalysisEntity,
  | 'id'
  | 'userId'
  | 'createdAt'
  | 'clubSelection'
  | 'clubSpeed'
  | 'ballSpeed'
  | 'carry'
  | 'total'
  | 'spinRate'
  | 'clubPath'
  | 'faceAngle'
  | 'tourComparison'
  | 'faceOnVideoUrl'
  | 'downTheLineVideoUrl'
  | 'uploadInput'
>;

export interface NewSlot {
  slot: UploadSlotName;
  periodStart: Date;
}

/** Writes an accepted upload: the queued analysis and the allowance slot it uses, together. */
export abstract class UploadRecords {
  /** 'slot-taken' when another upload took the same slot a moment earlier (nothing written). */
  abstract record(analysis: NewAnalysis, slot: NewSlot): Promise<'recorded' | 'slot-taken'>;
}
