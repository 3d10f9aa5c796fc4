import type { PoseFrame, PoseTrack } from '../../domain/pose-track';
import type { PicturePlace } from '../../domain/swing-report';
import { CameraFollower } from './camera-motion';
import {
  cameraJerked,
  changeSignature,
  frameSignature,
  isCut,
  pictureChange,
  zoneChange,
  type FrameSignature,
} from './scene-cuts';
import { swingWindow } from '../../domain/swing/swing-window';
import { decodeFrames, type DecodeOptions, type FrameSize } from '../video/decode-frames';
import type { VideoInfo } from '../video/probe-video';
import type { Roi } from './image-ops';
import { addressClubZone } from './club-zone';
import { bodyCore, burstShare, motionInside, zonePixelChange } from './picture-motion';
import { keepCrop, PoseEstimator, type CropBytes } from './pose-estimator';
import { placeBeside } from './several-people';

/**
 * Clips above 60 fps are posed at 60 fps at most: the events of a 120 fps clip are scored within
 * 5 frames, and posing every frame would double the cost.
 */
const MAX_POSE_FPS = 60;
/** The coarse pass poses about this many frames per second of video to find the swing. */
const COARSE_POSE_FPS = 5;
/**
 * Clips up to this long are posed densely in one pass; longer ones get a coarse pass first and
 * the dense pass only around the swing (2.8 s of real time plus margins). On a real-time phone
 * clip that pays from a few seconds up: fo_pro_iron_a padded to 15 s analysed in 6.5-7.3 s
 * against 10.7-12.5 s in one pass, fo_120fps_indoor padded to 14 s in 14.0 s against 21.3 s.
 * Slow motion stretches the window over most of the clip, so there the coarse pass is extra
 * work: dtl_phase_labeled_3 and _4 (15 s, about 6x slow motion) took 12-20% longer. Real-time
 * clips are the common upload, so they decide; below 8 s the dense window covers most of even a
 * real-time clip, and a coarse pass would save little (decision 0006).
 */
const SINGLE_PASS_SECONDS = 8;
/** Seconds of video over which a person's strongest picture change is read: a downswing's. */
const BURST_SECONDS = 0.25;

/**
 * The golfer fills most of the frame's height and the landmark model sees a 256-pixel crop
 * around them: a 360-pixel short side keeps every pixel the model can use on our clips (288 cost
 * event accuracy), and is far cheaper for ffmpeg to scale and hand over than larger frames.
 */
const POSE_FRAME_SIZE: FrameSize = { shortSide: 360 };

export interface TrackOptions extends Pick<DecodeOptions, 'crop' | 'timeoutMs'> {
  /** Size of the frames fed to the pose models. */
  size?: FrameSize;
  estimator?: PoseEstimator;
  /**
   * Among several people, follow the one nearest this body box (frame pixels at the pose size,
   * as TrackResult.otherPeople gives them), not the surest.
   */
  follow?: Roi;
}

/** Where the person followed stands beside a second person, seen on the frame `index`. */
export interface GolferPlace {
  index: number;
  place: PicturePlace;
}

export interface TrackResult {
  track: PoseTrack;
  /**
   * Detector runs over the frames posed densely (the whole clip in one pass, else the stretch
   * around the swing).
   */
  detectorRuns: number;
  /**
   * The other people the detector saw on its first run over the frames posed densely, surest
   * first (body boxes, frame pixels): whom to follow instead (TrackOptions.follow) when the
   * person followed does not swing.
   */
  otherPeople: Roi[];
  /**
   * When the detector saw a second person: the picture's change in the middle of their body box,
   * at its strongest over BURST_SECONDS of the densely posed frames, as a share of the same for
   * the golfer (a coach or a playing partner standing by is near 0, a second golfer swinging
   * near 1; picture-motion.ts). Null when no second person was seen, or nothing was measured.
   */
  secondPersonMotionShare: number | null;
  /**
   * The detector runs over the frames posed densely that saw a second person as big and as
   * sure as the golfer (the frame each ran on, in order), and where the person followed was
   * beside them: after losing the golfer, the detector may find the other person.
   */
  golferPlaces: GolferPlace[];
  /**
   * Swings the coarse pass saw outside the densely posed stretch (a long range session): the
   * swings counted on the track's dense frames are then only some of those in the video.
   */
  swingsLeftOut: number;
  /** Mean brightness (0-255) of the posed frames, for the too-dark check. */
  meanBrightness: number;
  timings: { waitingForFramesMs: number; poseMs: number; coarseFrames: number };
  /** The landmark model's crop of every frame in the track, for mirrorAveraged. */
  crops: Map<number, CropBytes>;
}

interface PassStats {
  detectorRuns: number;
  /** TrackResult.otherPeople; null until the detector has run. */
  otherPeople: Roi[] | null;
  golferPlaces: GolferPlace[];
  /**
   * Picture change inside the golfer's box and the second person's, frame by frame of the dense
   * pass (secondPersonMotionShare).
   */
  motion: { golfer: number[]; secondPerson: number[] };
  brightness: number;
  poseMs: number;
  elapsedMs: number;
}

/**
 * Poses the video; clips longer than SINGLE_PASS_SECONDS in two passes (ANALYSIS.md step 2): a
 * coarse pass over the whole clip finds the swing, then a dense pass poses every frame (up to 60
 * fps) around it (see swingWindow). Frames outside keep their coarse poses, so the track is
 * evenly spaced only where the events are.
 */
export async function trackVideo(
  info: VideoInfo,
  options: TrackOptions = {},
): Promise<TrackResult> {
  const estimator = options.estimator ?? (await PoseEstimator.create());
  estimator.follow(options.follow ?? null);
  const fps = info.video?.avgFrameRate ?? 30;
  const step = Math.max(1, Math.floor(fps / MAX_POSE_FPS));
  const coarseStep = step * Math.max(1, Math.round(fps / step / COARSE_POSE_FPS));
  const deadline = Date.now() + (options.timeoutMs ?? 5 * 60_000);
  const stats: PassStats = {
    detectorRuns: 0,
    otherPeople: null,
    golferPlaces: [],
    motion: { golfer: [], secondPerson: [] },
    brightness: 0,
    poseMs: 0,
    elapsedMs: 0,
  };
  const size = options.size ?? POSE_FRAME_SIZE;
  let width = 0;
  let height = 0;
  const posed = new Map<number, PoseFrame>();
  const crops = new Map<number, CropBytes>();
  const pass = async (decode: DecodeOptions) => {
    estimator.reset();
    const decoding = decodeFrames(info, {
      ...decode,
      crop: options.crop,
      size,
      timeoutMs: Math.max(1_000, deadline - Date.now()),
    });
    ({ width, height } = decoding);
    // The picture change (for pulldown) needs every frame decoded: not on the coarse pass.
    const everyFrame = (decode.step ?? 1) === 1;
    // The camera is followed on the dense pass only: coarse poses are too far apart to match.
    const follow = decode.step === step ? step : null;
    await poseFrames(decoding, estimator, posed, crops, stats, everyFrame, follow);
  };
  const twoPasses = (info.duration ?? Infinity) > SINGLE_PASS_SECONDS && coarseStep > step;
  try {
    await pass({ step: twoPasses ? coarseStep : step });
    const coarseFrames = twoPasses ? posed.size : 0;
    let swingsLeftOut = 0;
    if (twoPasses) {
      const coarse = trackOf(posed, width, height, fps);
      const window = swingWindow(coarse);
      if (window.kind === 'swing') swingsLeftOut = window.swingsLeftOut;
      // People are counted where the swing is: someone who walked through the shot before the
      // golfer settled is no reason to refuse it. (No golfer in a few poses a second: the
      // dense pass would not find one either.)
      if (window.kind !== 'no-golfer') {
        stats.detectorRuns = 0;
        stats.otherPeople = null;
        stats.golferPlaces = [];
      }
      if (window.kind === 'swing') await pass({ step, start: window.start, end: window.end });
      if (window.kind === 'not-found') await pass({ step });
    }
    return {
      track: trackOf(posed, width, height, fps),
      detectorRuns: stats.detectorRuns,
      otherPeople: stats.otherPeople ?? [],
      golferPlaces: stats.golferPlaces,
      secondPersonMotionShare: burstShare(
        stats.motion.secondPerson,
        stats.motion.golfer,
        Math.round(BURST_SECONDS * (fps / step)),
      ),
      swingsLeftOut,
      meanBrightness: posed.size ? stats.brightness / posed.size : 0,
      timings: {
        waitingForFramesMs: Math.round(stats.elapsedMs - stats.poseMs),
        poseMs: Math.round(stats.poseMs),
        coarseFrames,
      },
      crops,
    };
  } finally {
    estimator.follow(null);
    if (!options.estimator) await estimator.close();
  }
}

/**
 * Poses every emitted frame, replacing an earlier pose of it: the landmark model's output
 * depends a little on the crop that tracking gives it, so the dense stretch is posed in one go
 * rather than mixed with coarse poses (that mix made the still-hands tests jitter).
 */
async function poseFrames(
  decoding: ReturnType<typeof decodeFrames>,
  estimator: PoseEstimator,
  posed: Map<number, PoseFrame>,
  crops: Map<number, CropBytes>,
  stats: PassStats,
  measureChange: boolean,
  /** The frame step over which the camera is followed (its runs), or null to not follow it. */
  followStep: number | null,
): Promise<void> {
  const started = performance.now();
  const camera = new CameraFollower();
  let previous: {
    signature: FrameSignature;
    fine: FrameSignature | null;
    index: number;
    time: number;
    data: Uint8Array;
  } | null = null;
  /** The second person's body box when the detector last saw one on this pass. */
  let secondPerson: Roi | null = null;
  try {
    for await (const frame of decoding.frames) {
      const signature = frameSignature(frame.data, decoding.width, decoding.height);
      const fine = measureChange
        ? changeSignature(frame.data, decoding.width, decoding.height)
        : null;
      const neighbouring = previous?.index === frame.index - 1;
      const change =
        fine && previous?.fine && neighbouring ? pictureChange(previous.fine, fine) : undefined;
      // After a cut the tracked person is gone: find the golfer again rather than follow the
      // old crop across the new picture. A jerk of a hand-held camera between neighbouring
      // frames changes the whole picture too, but a shift matches it.
      const cut =
        previous !== null &&
        isCut(previous.signature, signature, frame.time - previous.time) &&
        !(fine && previous.fine && neighbouring && cameraJerked(previous.fine, fine));
      if (cut) estimator.reset();
      // The camera is followed over runs of neighbouring posed frames of one shot.
      const inRun = !cut && previous?.index === frame.index - (followStep ?? 1);
      if (!inRun) camera.reset();
      const before = previous;
      const t0 = performance.now();
      const pose = await estimator.estimate(
        { width: decoding.width, height: decoding.height, data: frame.data },
        frame.time,
      );
      stats.poseMs += performance.now() - t0;
      if (pose.detectorRan) stats.detectorRuns++;
      if (pose.detectorRan) {
        secondPerson = pose.secondPerson;
        stats.otherPeople ??= pose.otherPeople;
        if (pose.secondPerson && pose.roi) {
          const place = placeBeside(pose.roi, pose.secondPerson);
          stats.golferPlaces.push({ index: frame.index, place });
        }
      }
      // Measured between neighbouring frames of the dense pass only (followStep).
      if (followStep !== null && inRun && secondPerson && pose.roi && before) {
        const measure = (roi: Roi) =>
          motionInside(before.data, frame.data, decoding.width, decoding.height, bodyCore(roi));
        const golfer = measure(pose.roi);
        const other = measure(secondPerson);
        if (golfer !== null && other !== null) {
          stats.motion.golfer.push(golfer);
          stats.motion.secondPerson.push(other);
        }
      }
      // The change where the club rests at address, by this frame's pose.
      const zone =
        change !== undefined
          ? addressClubZone(pose.landmarks, decoding.width, decoding.height)
          : null;
      const clubChange = zone && before?.fine && fine ? zoneChange(before.fine, fine, zone) : null;
      const clubPixelChange =
        zone && before?.fine && fine
          ? zonePixelChange(before.data, frame.data, decoding.width, decoding.height, zone)
          : null;
      previous = { signature, fine, index: frame.index, time: frame.time, data: frame.data };
      stats.brightness += sampleBrightness(frame.data);
      const offset =
        followStep !== null
          ? camera.next(frame.data, decoding.width, decoding.height, pose.landmarks)
          : null;
      if (pose.crop) crops.set(frame.index, keepCrop(pose.crop));
      else crops.delete(frame.index);
      posed.set(frame.index, {
        index: frame.index,
        time: frame.time,
        score: pose.score,
        landmarks: pose.landmarks,
        world: pose.world,
        ...(cut ? { cut } : {}),
        ...(change !== undefined ? { change } : {}),
        ...(clubChange !== null ? { clubChange } : {}),
        ...(clubPixelChange !== null ? { clubPixelChange } : {}),
        ...(offset ? { camera: offset } : {}),
      });
    }
  } finally {
    stats.elapsedMs += performance.now() - started;
  }
}

function trackOf(
  posed: Map<number, PoseFrame>,
  width: number,
  height: number,
  fps: number,
): PoseTrack {
  const frames = [...posed.values()].sort((a, b) => a.index - b.index);
  return { width, height, fps, frames };
}

/** Mean of every 97th byte: a cheap brightness estimate of an RGB frame. */
function sampleBrightness(data: Uint8Array): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < data.length; i += 97) {
    sum += data[i]!;
    count++;
  }
  return count ? sum / count : 0;
}

/**
 * Poses the frames at these track positions again from their crop and its mirror image,
 * averaged (see PoseEstimator.mirrorAveraged), in place.
 */
export async function mirrorAverageFrames(
  track: PoseTrack,
  crops: Map<number, CropBytes>,
  positions: Iterable<number>,
  estimator: PoseEstimator,
): Promise<void> {
  for (const position of new Set(positions)) {
    const frame = track.frames[position];
    const crop = frame && crops.get(frame.index);
    if (!frame?.landmarks || !frame.world || !crop) continue;
    const plain = { landmarks: frame.landmarks, world: frame.world };
    Object.assign(frame, await estimator.mirrorAveraged(crop, plain), { mirrorAveraged: true });
  }
}
