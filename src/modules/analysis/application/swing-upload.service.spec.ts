import { Readable } from 'node:stream';
import { MemoryStorage } from '../../../../test/support/memory-storage';
import { Clock } from '../../../shared/clock/clock';
import { loadConfig } from '../../../shared/config/app-config';
import { RefusedError } from '../../../shared/errors/app-errors';
import { DomainEvents, type DomainEventMap } from '../../../shared/events/domain-events';
import type { IdentityService } from '../../identity/application/identity.service';
import type { UploadHistory } from '../domain/upload-quota';
import type { ReceivedFile, ReceivedUpload } from '../infrastructure/upload/multipart-upload';
import type { UploadedVideo, VideoValidation } from '../../swing-engine/video';
import type { AnalysisJobsService } from './analysis-jobs.service';
import { SwingUploadService } from './swing-upload.service';
import {
  UploadReceiver,
  UploadRecords,
  VideoChecks,
  type NewAnalysis,
  type NewSlot,
  type UploadRequest,
} from './upload-ports';
import type { UploadQuotaService } from './upload-quota.service';

const MB = 1024 * 1024;

/** Stores the parts it is given under the staging key, as busboy into storage would. */
class FakeReceiver extends UploadReceiver {
  constructor(
    private readonly storage: MemoryStorage,
    public parts: { fields: Record<string, string>; files: Omit<ReceivedFile, 'key'>[] },
  ) {
    super();
  }

  receive(
    _request: UploadRequest,
    stagingKey: string,
    maxFileBytes: number,
  ): Promise<ReceivedUpload> {
    const files = this.parts.files.map((file, i) => {
      const tooLarge = file.size > maxFileBytes;
      const key = tooLarge ? null : `${stagingKey}/${i}`;
      if (key) this.storage.put(key, file.size);
      return { ...file, key, tooLarge };
    });
    return Promise.resolve({ fields: this.parts.fields, files });
  }
}

class FakeVideoChecks extends VideoChecks {
  verdict: VideoValidation = { ok: true, info: {} as never };
  checked: UploadedVideo[] = [];

  check(video: UploadedVideo): Promise<VideoValidation> {
    this.checked.push(video);
    return Promise.resolve(this.verdict);
  }

  basics(_name: string, size: number): VideoValidation | null {
    return size > 100 * MB
      ? { ok: false, reason: 'too-large', title: 'File Too Large', message: `${size} too large` }
      : null;
  }
}

class FakeRecords extends UploadRecords {
  rows: { analysis: NewAnalysis; slot: NewSlot }[] = [];
  racedBy: (() => void) | null = null;

  record(analysis: NewAnalysis, slot: NewSlot): Promise<'recorded' | 'slot-taken'> {
    if (this.racedBy) {
      this.racedBy();
      return Promise.resolve('slot-taken');
    }
    this.rows.push({ analysis, slot });
    return Promise.resolve('recorded');
  }
}

class FixedClock extends Clock {
  now(): Date {
    return new Date('2026-11-18T15:00:00Z'); // a Wednesday
  }
}

const faceOn = {
  field: 'faceOnVideo' as const,
  originalName: 'My Swing.MOV',
  size: 5 * MB,
  tooLarge: false,
};

function setUp(options: { premium?: boolean; history?: Partial<UploadHistory> } = {}) {
  const storage = new MemoryStorage();
  const receiver = new FakeReceiver(storage, { fields: {}, files: [faceOn] });
  const videos = new FakeVideoChecks();
  const records = new FakeRecords();
  const history: UploadHistory = {
    isPremium: !!options.premium,
    totalUploads: 0,
    slotsThisWeek: [],
    ...options.history,
  };
  const enqueued: string[] = [];
  const counted: string[] = [];
  const published: DomainEventMap['analysis.upload-succeeded'][] = [];
  const events = new DomainEvents();
  events.on('analysis.upload-succeeded', (e) => void published.push(e));
  const identity = {
    currentUser: (id: string) => Promise.resolve({ id, isPremium: !!options.premium }),
    recordVideoUpload: (id: string) => Promise.resolve(void counted.push(id)),
  } as unknown as IdentityService;
  const quotas = { history: () => Promise.resolve(history) } as unknown as UploadQuotaService;
  const jobs = {
    enqueue: (id: string) => Promise.resolve(void enqueued.push(id)),
  } as unknown as AnalysisJobsService;
  const service = new SwingUploadService(
    loadConfig({}),
    new FixedClock(),
    storage,
    identity,
    quotas,
    jobs,
    events,
    receiver,
    videos,
    records,
  );
  const upload = () => service.upload('golfer', Readable.from([]) as UploadRequest);
  return { storage, receiver, videos, records, history, enqueued, counted, published, upload };
}

/** The refusal a rejected upload answers with. */
async function refusal(upload: Promise<unknown>) {
  const error = await upload.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RefusedError);
  const refused = error as RefusedError;
  return { status: refused.status, title: refused.title, message: refused.message };
}

describe('SwingUploadService', () => {
  it('stores an accepted upload under our own name, queues it and says so', async () => {
    const t = setUp();
    const { id } = await t.upload();
    expect(t.records.rows).toHaveLength(1);
    const { analysis, slot } = t.records.rows[0]!;
    expect(analysis).toMatchObject({
      id,
      userId: 'golfer',
      clubSelection: null,
      faceOnVideoUrl: `/api/swing-analyses/${id}/video/face-on`,
      downTheLineVideoUrl: null,
      uploadInput: {
        faceOn: { key: `analyses/${id}/face-on.mov`, originalName: 'My Swing.MOV', size: 5 * MB },
        downTheLine: null,
        launch: null,
      },
    });
    expect(slot.slot).toBe('free');
    expect(t.storage.keys()).toEqual([`analyses/${id}/face-on.mov`]);
    expect(t.enqueued).toEqual([id]);
    expect(t.counted).toEqual(['golfer']);
    expect(t.published).toEqual([
      { analysisId: id, userId: 'golfer', club: null, occurredAt: expect.any(Date) },
    ]);
  });

  it('refuses a free golfer at the limit before reading the body, leaving nothing', async () => {
    const t = setUp({ history: { totalUploads: 1 } });
    expect(await refusal(t.upload())).toMatchObject({ status: 403, title: 'Upload Limit Reached' });
    expect(t.records.rows).toEqual([]);
    expect(t.storage.keys()).toEqual([]);
    expect(t.enqueued).toEqual([]);
  });

  it("refuses a premium golfer's second Driver of the week after receiving it: no row, no file", async () => {
    const t = setUp({ premium: true, history: { slotsThisWeek: ['driver'] } });
    t.receiver.parts.fields = { club: 'driver' };
    expect(await refusal(t.upload())).toMatchObject({
      status: 403,
      title: 'Weekly Upload Limit Reached',
    });
    expect(t.records.rows).toEqual([]);
    expect(t.storage.keys()).toEqual([]);
  });

  it('refuses an invalid video with its reason and keeps none of it', async () => {
    const t = setUp();
    t.videos.verdict = {
      ok: false,
      reason: 'hevc',
      title: 'iPhone Video Format Not Supported',
      message: 'HEVC',
    };
    expect(await refusal(t.upload())).toEqual({
      status: 400,
      title: 'iPhone Video Format Not Supported',
      message: 'HEVC',
    });
    expect(t.videos.checked[0]!.path).toMatch(/^\/memory\/staging\//);
    expect(t.records.rows).toEqual([]);
    expect(t.storage.keys()).toEqual([]);
  });

  it('tells the size of a file over the limit, and asks for the face-on video', async () => {
    const t = setUp();
    t.receiver.parts.files = [{ ...faceOn, size: 101 * MB }];
    expect(await refusal(t.upload())).toMatchObject({ status: 400, title: 'File Too Large' });
    t.receiver.parts.files = [{ ...faceOn, field: 'downTheLineVideo' }];
    expect(await refusal(t.upload())).toMatchObject({
      status: 400,
      title: 'Face-On Video Required',
    });
    expect(t.storage.keys()).toEqual([]);
  });

  it('refuses an upload that lost the race for its slot, leaving no file', async () => {
    const t = setUp();
    // Another upload of the same golfer was recorded a moment earlier.
    t.records.racedBy = () => (t.history.totalUploads = 1);
    expect(await refusal(t.upload())).toMatchObject({ status: 403, title: 'Upload Limit Reached' });
    expect(t.storage.keys()).toEqual([]);
    expect(t.enqueued).toEqual([]);
  });

  it('refuses an upload naming another golfer', async () => {
    const t = setUp();
    t.receiver.parts.fields = { userId: 'someone-else' };
    await expect(t.upload()).rejects.toThrow('You can only upload swings to your own account.');
    expect(t.storage.keys()).toEqual([]);
  });
});
