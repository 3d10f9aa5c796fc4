/**
 * The pipeline on fake ports: no footage, no ffmpeg, no models. Its failures reach the caller
 * in the golfer's words, and the pose tracker is closed whatever happens.
 */
import { AnalysisFailure } from './analysis-failure';
import { analyzeSwingWith } from './analyze-swing';
import type {
  EnginePorts,
  PoseTracker,
  TrackResult,
  VideoInfo,
  VideoValidation,
} from './engine-ports';
import type { PoseTrack } from '../domain/pose-track';
import { DEFAULT_SWING, syntheticTrack, withPulldown } from '../domain/swing/synthetic-swing';

const upload = { originalName: 'swing.mp4', path: '/nowhere/swing.mp4', size: 1000 };

function fakePorts(validation: VideoValidation) {
  const tracker = {
    track: jest.fn<ReturnType<PoseTracker['track']>, Parameters<PoseTracker['track']>>(() =>
      Promise.reject(new Error('the fake tracker poses nothing')),
    ),
    mirrorAverage: jest.fn(() => Promise.resolve()),
    close: jest.fn(() => Promise.resolve()),
  } satisfies PoseTracker;
  const ports: EnginePorts = {
    videos: { validate: () => Promise.resolve(validation) },
    loadPoseTracker: () => Promise.resolve(tracker),
  };
  return { ports, tracker };
}

const info = (duration: number) => ({ path: upload.path, duration }) as VideoInfo;

/** What the tracker returns for `track`: one detector run, seeing the golfer alone. */
function tracked(track: PoseTrack, overrides: Partial<TrackResult> = {}): TrackResult {
  return {
    track,
    detectorRuns: 1,
    otherPeople: [],
    secondPersonMotionShare: null,
    golferPlaces: [],
    swingsLeftOut: 0,
    meanBrightness: 120,
    timings: { waitingForFramesMs: 0, poseMs: 0, coarseFrames: 0 },
    crops: new Map(),
    ...overrides,
  };
}

async function failureOf(ports: EnginePorts, request = {}): Promise<AnalysisFailure> {
  const error = await analyzeSwingWith(ports, { faceOn: upload, ...request }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AnalysisFailure);
  return error as AnalysisFailure;
}

it('turns a rejected video into an invalid-video failure with the reader’s words', async () => {
  const { ports, tracker } = fakePorts({
    ok: false,
    reason: 'hevc',
    title: 'Unsupported Video Format',
    message: 'This video uses the HEVC (H.265) format.',
  });
  const failure = await failureOf(ports);
  expect(failure).toMatchObject({
    reason: 'invalid-video',
    title: 'Unsupported Video Format',
    message: 'This video uses the HEVC (H.265) format.',
  });
  expect(tracker.track).not.toHaveBeenCalled();
  expect(tracker.close).toHaveBeenCalledTimes(1);
});

it('refuses a video shorter than a second before posing it', async () => {
  const { ports, tracker } = fakePorts({ ok: true, info: info(0.5) });
  expect(await failureOf(ports)).toMatchObject({ reason: 'too-short', title: 'Video Too Short' });
  expect(tracker.track).not.toHaveBeenCalled();
  expect(tracker.close).toHaveBeenCalledTimes(1);
});

it('checks the launch data before reading any video', async () => {
  const { ports, tracker } = fakePorts({ ok: true, info: info(5) });
  const failure = await failureOf(ports, { launch: { clubSelection: 'driver' } });
  expect(failure.reason).toBe('invalid-launch-data');
  expect(tracker.track).not.toHaveBeenCalled();
});

it('turns a tracker timeout into a timeout failure and still closes the tracker', async () => {
  const { ports, tracker } = fakePorts({ ok: true, info: info(5) });
  tracker.track.mockRejectedValueOnce(Object.assign(new Error('slow'), { reason: 'timeout' }));
  expect(await failureOf(ports)).toMatchObject({ reason: 'timeout', title: 'Analysis Timed Out' });
  expect(tracker.track).toHaveBeenCalledWith(expect.objectContaining({ duration: 5 }), {
    timeoutMs: expect.any(Number),
  });
  expect(tracker.close).toHaveBeenCalledTimes(1);
});

it('reads a pulldown clip at its filmed rate and reports the frames at the times they play', async () => {
  const { ports, tracker } = fakePorts({ ok: true, info: info(3.75) });
  // 24 frames a second shown as 30: a frame repeated after every fourth.
  const track = withPulldown(syntheticTrack({ ...DEFAULT_SWING, fps: 24 }), 4);
  tracker.track.mockResolvedValueOnce(tracked(track));
  const { report, tracks } = await analyzeSwingWith(ports, { faceOn: upload });
  const video = report.faceOn;
  expect(video.fps).toBe(30);
  expect(tracks.faceOn.frames.every((f) => f.index % 5 !== 4)).toBe(true);
  for (const event of Object.values(video.events)) {
    expect(event.frame % 5).not.toBe(4);
    expect(event.time).toBeCloseTo(event.frame / 30, 3);
  }
  expect(tracks.faceOn.frames.every((f) => Math.abs(f.time - f.index / 30) < 1e-9)).toBe(true);
});

describe('a second person in the shot', () => {
  // The detector saw them on both of its runs, to the golfer's right.
  const crowd = (share: number | null) => ({
    detectorRuns: 2,
    secondPersonMotionShare: share,
    golferPlaces: [
      { index: 0, place: 'left' as const },
      { index: 40, place: 'left' as const },
    ],
  });

  it('is no reason to refuse while they stand by as the golfer swings', async () => {
    const { ports, tracker } = fakePorts({ ok: true, info: info(3) });
    tracker.track.mockResolvedValueOnce(tracked(syntheticTrack(DEFAULT_SWING), crowd(0.1)));
    const { report } = await analyzeSwingWith(ports, { faceOn: upload });
    expect(report.faceOn.events.impact.confidence).toBeGreaterThan(0.5);
    expect(report.faceOn.analysedGolferPlace).toBeUndefined();
  });

  it('is named beside the golfer analysed when they move as much, or could not be measured', async () => {
    for (const share of [0.9, null]) {
      const { ports, tracker } = fakePorts({ ok: true, info: info(3) });
      tracker.track.mockResolvedValueOnce(tracked(syntheticTrack(DEFAULT_SWING), crowd(share)));
      const { report } = await analyzeSwingWith(ports, { faceOn: upload });
      expect(report.faceOn.events.impact.confidence).toBeGreaterThan(0.5);
      expect(report.faceOn.analysedGolferPlace).toBe('left');
    }
  });

  it('is named where the detector last saw the two before the swing', async () => {
    // The golfer lost and another person found: before the swing (at frame 5, the address at
    // 30), the swing analysed is theirs; after it (5 frames before the end), it is not.
    const swing = syntheticTrack(DEFAULT_SWING);
    const end = swing.frames[swing.frames.length - 5]!.index;
    for (const [swap, named] of [
      [5, 'right'],
      [end, 'left'],
    ] as const) {
      const { ports, tracker } = fakePorts({ ok: true, info: info(3) });
      const golferPlaces = [
        { index: 0, place: 'left' as const },
        { index: swap, place: 'right' as const },
      ];
      tracker.track.mockResolvedValueOnce(tracked(swing, { ...crowd(0.9), golferPlaces }));
      const { report } = await analyzeSwingWith(ports, { faceOn: upload });
      expect(report.faceOn.analysedGolferPlace).toBe(named);
    }
  });

  it('is not named when the detector saw them on fewer than half its runs', async () => {
    const { ports, tracker } = fakePorts({ ok: true, info: info(3) });
    tracker.track.mockResolvedValueOnce(
      tracked(syntheticTrack(DEFAULT_SWING), { ...crowd(0.9), detectorRuns: 5 }),
    );
    const { report } = await analyzeSwingWith(ports, { faceOn: upload });
    expect(report.faceOn.analysedGolferPlace).toBeUndefined();
  });

  it('explains a swing not found: the person followed may be the one standing by', async () => {
    const { ports, tracker } = fakePorts({ ok: true, info: info(3) });
    const still = syntheticTrack(DEFAULT_SWING, { still: true });
    tracker.track.mockResolvedValueOnce(tracked(still, crowd(0.1)));
    expect(await failureOf(ports)).toMatchObject({ reason: 'several-people' });
  });
});

describe('the person followed', () => {
  const coach = { cx: 500, cy: 300, size: 400, rotation: 0 };

  it('is changed for the other person the detector saw when they never swing', async () => {
    const { ports, tracker } = fakePorts({ ok: true, info: info(3) });
    const still = syntheticTrack(DEFAULT_SWING, { still: true });
    tracker.track
      .mockResolvedValueOnce(tracked(still, { otherPeople: [coach] }))
      .mockResolvedValueOnce(tracked(syntheticTrack(DEFAULT_SWING)));
    const { report } = await analyzeSwingWith(ports, { faceOn: upload });
    expect(report.faceOn.events.impact.confidence).toBeGreaterThan(0.5);
    expect(tracker.track).toHaveBeenCalledTimes(2);
    expect(tracker.track.mock.calls[1]![1]).toMatchObject({ follow: coach });
  });

  it('is kept when the other person does not swing either, and the swing is not found', async () => {
    const { ports, tracker } = fakePorts({ ok: true, info: info(3) });
    const still = syntheticTrack(DEFAULT_SWING, { still: true });
    tracker.track.mockResolvedValue(tracked(still, { otherPeople: [coach] }));
    expect(await failureOf(ports)).toMatchObject({ reason: 'no-swing' });
    expect(tracker.track).toHaveBeenCalledTimes(2);
  });

  it('is not changed when they swing and nobody else moves more', async () => {
    const { ports, tracker } = fakePorts({ ok: true, info: info(3) });
    tracker.track.mockResolvedValue(
      tracked(syntheticTrack(DEFAULT_SWING), {
        otherPeople: [coach],
        secondPersonMotionShare: 0.1,
      }),
    );
    await analyzeSwingWith(ports, { faceOn: upload });
    expect(tracker.track).toHaveBeenCalledTimes(1);
  });
});
