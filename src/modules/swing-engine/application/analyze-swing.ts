import { focusAreas } from '../domain/focus-areas';
import { AnalysisFailure, DEFAULT_ANALYSIS_TIMEOUT_MS } from './analysis-failure';
import {
  analyzeLaunchMonitor,
  type LaunchMonitorAnalysis,
} from '../domain/launch-monitor/launch-monitor-analysis';
import {
  validateLaunchMonitorInput,
  type LaunchMonitorForm,
} from '../domain/launch-monitor/launch-monitor-input';
import { SWING_EVENTS, type PoseTrack } from '../domain/pose-track';
import { assessSwing } from '../domain/swing/swing-assessment';
import { detectHandedness, detectView, type CameraView } from '../domain/swing/handedness-and-view';
import { turnedUpright } from '../domain/swing/upright-turn';
import {
  detectSwingEvents,
  SwingNotFoundError,
  type SwingEvents,
} from '../domain/swing/swing-events';
import { faceOnReadingFrames } from '../domain/swing/face-on-rotation';
import { measureSwing } from '../domain/swing/swing-metrics';
import { eventTrack, type EventTrack } from '../domain/swing/event-track';
import type { SwingSignals } from '../domain/swing/swing-signals';
import {
  bestMetrics,
  SWING_REPORT_SCHEMA_VERSION,
  type PicturePlace,
  type SwingReport,
  type VideoReport,
} from '../domain/swing-report';
import type {
  EnginePorts,
  GolferPlace,
  PoseTracker,
  Roi,
  TrackResult,
  UploadedVideo,
  VideoInfo,
} from './engine-ports';

export interface AnalyzeRequest {
  faceOn: UploadedVideo;
  downTheLine?: UploadedVideo;
  launch?: LaunchMonitorForm;
  /** Hard limit for the whole analysis. */
  timeoutMs?: number;
}

export interface AnalyzeResult {
  report: SwingReport;
  tracks: { faceOn: PoseTrack; downTheLine: PoseTrack | null };
  timings: Record<string, number>;
}

const MIN_SECONDS = 1;
/**
 * Below this mean brightness (0-255) a clip is dark enough that darkness is the likeliest reason
 * the golfer or the swing could not be found. It only explains a failure: a dim clip whose
 * golfer the pose model still finds is analysed (fo_pro_iron_a darkened to a mean of 17, the
 * golfer plain to see, was refused; darkened to a mean of 5 it still gives its labelled
 * address, top and impact).
 */
const MIN_BRIGHTNESS = 25;

/**
 * A second person whose body changes less than this share of the golfer's, each at its
 * strongest over a quarter second (TrackResult.secondPersonMotionShare), stands by: a coach, a
 * playing partner, the next bay's golfer between shots. Above it, two people move alike (two
 * golfers, a split-screen comparison): the golfer followed is analysed and the report says which
 * one. Between a person rocking all clip long (0.15) and a second golfer swinging (1.17),
 * research note 0007.
 */
const BYSTANDER_MAX_MOTION_SHARE = 0.4;

const DISCLAIMER =
  'Measured from video by pose estimation. Rotations seen by one camera are estimates; each ' +
  'metric carries its confidence (0-1) and basis.';

/**
 * The whole engine: validate, pose, events, metrics, assessment, launch monitor, on the given
 * video reader and pose tracker (../compose.ts's analyzeSwing wires the real ones).
 */
export async function analyzeSwingWith(
  ports: EnginePorts,
  request: AnalyzeRequest,
): Promise<AnalyzeResult> {
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      timings[name] = Math.round(performance.now() - t0);
    }
  };

  const launch = validateLaunchMonitorInput(request.launch ?? {});
  if (!launch.ok) {
    const message = Object.values(launch.errors).flat().join(' ');
    throw new AnalysisFailure('invalid-launch-data', 'Incomplete Launch Monitor Data', message);
  }

  const deadline = Date.now() + (request.timeoutMs ?? DEFAULT_ANALYSIS_TIMEOUT_MS);
  // The models load while the first video is probed and validated.
  const loading = timed('loadModels', () => ports.loadPoseTracker());
  try {
    const faceOn = await timed('faceOn', () =>
      analyseVideo(ports, request.faceOn, 'face-on', loading, deadline),
    );
    const downTheLine = request.downTheLine
      ? await timed('downTheLine', () =>
          analyseVideo(ports, request.downTheLine!, 'down-the-line', loading, deadline),
        )
      : null;

    Object.assign(timings, faceOn.stageMs, downTheLine?.stageMs);
    const launchMonitor: LaunchMonitorAnalysis | null = launch.data
      ? analyzeLaunchMonitor(launch.data, faceOn.video.handedness)
      : null;
    const assessment = assessSwing(
      bestMetrics(faceOn.video, downTheLine?.video ?? null),
      launchMonitor?.findings ?? [],
    );
    const report: SwingReport = {
      schemaVersion: SWING_REPORT_SCHEMA_VERSION,
      faceOn: faceOn.video,
      downTheLine: downTheLine?.video ?? null,
      assessment,
      launchMonitor,
      focusAreas: focusAreas({ mobilityAnalysis: assessment.mobilityAnalysis }),
      disclaimer: DISCLAIMER,
    };
    return {
      report,
      tracks: { faceOn: faceOn.track, downTheLine: downTheLine?.track ?? null },
      timings,
    };
  } finally {
    await (await loading.catch(() => null))?.close();
  }
}

async function analyseVideo(
  ports: EnginePorts,
  file: UploadedVideo,
  slot: CameraView,
  loading: Promise<PoseTracker>,
  deadline: number,
): Promise<{ video: VideoReport; track: PoseTrack; stageMs: Record<string, number> }> {
  const probing = performance.now();
  const validation = await ports.videos.validate(file);
  const probeMs = performance.now() - probing;
  if (!validation.ok)
    throw new AnalysisFailure('invalid-video', validation.title, validation.message);
  const info = validation.info;
  if ((info.duration ?? 0) < MIN_SECONDS) {
    throw new AnalysisFailure(
      'too-short',
      'Video Too Short',
      'The video is shorter than a second. Film the whole swing, from address to finish.',
    );
  }
  const poses = await loading;
  const { tracked, track, turn, upright, signals, found } = await trackTheGolfer(
    poses,
    info,
    deadline,
  );
  // A second person as big and as sure as the golfer on at least half the detector's runs...
  const seenBeside = tracked.golferPlaces.length;
  const crowded = seenBeside > 0 && seenBeside * 2 >= tracked.detectorRuns;
  // ...who stands by while the golfer swings is part of the shot (a coach, a playing partner);
  // one who moves too (a second golfer) is named in the report beside the golfer analysed.
  const bystander =
    tracked.secondPersonMotionShare !== null &&
    tracked.secondPersonMotionShare < BYSTANDER_MAX_MOTION_SHARE;
  const severalPeople = new AnalysisFailure(
    'several-people',
    'Several People In The Video',
    'More than one person is in the video. Film the golfer alone in the frame.',
  );
  // In a dark clip, whatever was not found is put down to the darkness (the closer look sees
  // faint 'people' in the dark, decision 0006); else to a second person in the shot, when there
  // is one (the person followed may be the one standing by, or the two may have been mixed up).
  const tooDark =
    tracked.meanBrightness < MIN_BRIGHTNESS
      ? new AnalysisFailure(
          'too-dark',
          'Video Too Dark',
          'The video is too dark to see the golfer. Film in daylight or a well-lit room.',
        )
      : null;
  const failure = (found: AnalysisFailure) => tooDark ?? (crowded ? severalPeople : found);
  if (found instanceof SwingNotFoundError) {
    const title = found.reason === 'no-golfer' ? 'No Golfer Found' : 'Swing Not Found';
    throw failure(new AnalysisFailure(found.reason, title, found.message));
  }
  const events = found;
  // Named where the detector last saw the two before the swing: after losing the golfer it may
  // have found the other person.
  const besideAnother =
    crowded && !bystander
      ? placeBefore(tracked.golferPlaces, track.frames[events.positions.address]!.index)
      : null;
  // Metrics are read at the events and through the early downswing: pose those frames from
  // both mirror images, so a left-handed golfer is measured like a right-handed one.
  // Rotations are read around address and top (a frame either side too; face-on, over the
  // frames faceOnReadingFrames names), the X-factor stretch through the early downswing; the
  // other metrics at impact and finish.
  const { address, top, impact, finish, midDownswing } = events.positions;
  const downswing = [1, 2, 3].map((k) => Math.round(top + (k * (midDownswing - top)) / 4));
  const faceOnFrames =
    detectView(upright, address).view === 'face-on' ? faceOnReadingFrames(track, address, top) : [];
  const mirroring = performance.now();
  await poses.mirrorAverage(track, tracked, [
    address - 1,
    address,
    address + 1,
    top - 1,
    top,
    top + 1,
    ...faceOnFrames,
    ...downswing,
    midDownswing,
    impact,
    finish,
  ]);
  const mirrorMs = performance.now() - mirroring;
  tracked.crops.clear();
  // Measured on the golfer standing upright (turned again: mirror averaging re-posed frames);
  // the overlay keeps the track as posed on the video.
  const measured = turnedUpright(track, turn);
  const handedness = detectHandedness(measured, events.positions);
  const { view } = detectView(measured, events.positions.address);
  const metrics = measureSwing(measured, signals, events, handedness, view);
  // The video plays the frames as stored: the report and the overlay keep their presentation
  // times (the events and metrics above read the filmed times, pulldown's repeats dropped).
  const shown = presentationTimes(track, tracked.track);
  const eventReports = Object.fromEntries(
    SWING_EVENTS.map((e) => {
      const frame = shown.frames[events.positions[e]]!;
      return [
        e,
        {
          frame: frame.index,
          time: round3(frame.time),
          basis: events.basis[e],
          confidence: events.confidence[e],
        },
      ];
    }),
  ) as VideoReport['events'];
  return {
    track: shown,
    stageMs: {
      [`${slot}.probe`]: Math.round(probeMs),
      [`${slot}.pose`]: Math.round(tracked.timings.poseMs),
      [`${slot}.waitingForFrames`]: Math.round(tracked.timings.waitingForFramesMs),
      [`${slot}.mirrorAverage`]: Math.round(mirrorMs),
    },
    video: {
      file: file.originalName,
      width: track.width,
      height: track.height,
      fps: round3(shown.fps),
      duration: info.duration,
      framesAnalysed: track.frames.length,
      view,
      viewWarning:
        view === slot
          ? null
          : `This looks like a ${view} video, but it was uploaded as the ${slot} one.`,
      handedness,
      swingsFound: events.swingsFound,
      swingsFoundAtLeast: tracked.swingsLeftOut > 0,
      replaySeen: events.replaySeen,
      ...(besideAnother ? { analysedGolferPlace: besideAnother } : {}),
      ...(turn ? { pictureTurned: turn } : {}),
      events: eventReports,
      metrics,
    },
  };
}

interface Tracked extends EventTrack {
  tracked: TrackResult;
  /** The swing's events on `track`, or why no swing was found there. */
  found: SwingEvents | SwingNotFoundError;
}

/**
 * Poses the video following the surest person the detector sees. When that person never swings,
 * or moves less than another person it saw (a coach nearer the camera than the golfer), poses it
 * again following the other person, and keeps that if they swing.
 */
async function trackTheGolfer(
  poses: PoseTracker,
  info: VideoInfo,
  deadline: number,
): Promise<Tracked> {
  const first = await trackWithin(poses, info, deadline);
  const other = first.tracked.otherPeople[0];
  if (!other || !followedOneStandingBy(first)) return first;
  const again = await trackWithin(poses, info, deadline, other);
  return followedOneStandingBy(again) ? first : again;
}

function followedOneStandingBy({ tracked, found }: Tracked): boolean {
  return (tracked.secondPersonMotionShare ?? 0) > 1 || found instanceof SwingNotFoundError;
}

/** The events of `track`, or the reason none were found. */
function eventsOf(track: PoseTrack, signals: SwingSignals): SwingEvents | SwingNotFoundError {
  try {
    return detectSwingEvents(track, signals);
  } catch (error) {
    if (error instanceof SwingNotFoundError) return error;
    throw error;
  }
}

async function trackWithin(
  poses: PoseTracker,
  info: VideoInfo,
  deadline: number,
  follow?: Roi,
): Promise<Tracked> {
  const timeoutMs = Math.max(1_000, deadline - Date.now());
  let tracked: TrackResult;
  try {
    tracked = await poses.track(info, { timeoutMs, ...(follow ? { follow } : {}) });
  } catch (error) {
    if ((error as { reason?: string }).reason === 'timeout') {
      throw new AnalysisFailure('timeout', 'Analysis Timed Out', 'The analysis took too long.');
    }
    throw error;
  }
  const prepared = eventTrack(tracked.track);
  return { ...prepared, tracked, found: eventsOf(prepared.upright, prepared.signals) };
}

/** The place seen last at or before frame `index` (the first one seen if none was). */
function placeBefore(places: GolferPlace[], index: number): PicturePlace | null {
  const before = places.filter((p) => p.index <= index);
  return (before[before.length - 1] ?? places[0])?.place ?? null;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** `track`'s frames at the times and rate `posed` (the track as decoded) has them. */
function presentationTimes(track: PoseTrack, posed: PoseTrack): PoseTrack {
  if (track === posed) return track;
  const shownAt = new Map(posed.frames.map((f) => [f.index, f.time]));
  const frames = track.frames.map((f) => ({ ...f, time: shownAt.get(f.index) ?? f.time }));
  return { ...track, fps: posed.fps, frames };
}
