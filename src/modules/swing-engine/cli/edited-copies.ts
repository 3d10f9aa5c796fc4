/**
 * Edited copies of a labelled clip for `eval:events --edits`: what uploads do to a swing besides
 * compressing it (issue 17's swing window). Every copy keeps the clip's frames in order, so its
 * labels follow exactly; 'plain' is the same encoding without an edit, the copies' baseline.
 */
import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import type { SwingEventName } from '../domain/pose-track';
import { ffmpegBinaries } from '../infrastructure/video/ffmpeg-binaries';
import { probeVideo } from '../infrastructure/video/probe-video';
import { runProcess } from '../infrastructure/video/run-process';
import type { LabelledClip } from './labelled-clips';

export const EDITS = [
  'plain',
  'replay',
  'replay-card',
  'pulldown',
  'shot-first',
  'far',
  'corner',
  'mirror',
  'sideways',
] as const;
export type Edit = (typeof EDITS)[number];

/** A replay plays the swing at a quarter of its speed, each frame shown four times. */
const REPLAY_SLOWDOWN = 4;
/** Real seconds of the clip before the address and after the finish that the replay shows. */
const REPLAY_MARGIN_SECONDS = 0.5;
const CARD_SECONDS = 2.5;
/**
 * Seconds of another clip before the cut to this one, at most: its golfer before the address
 * (a broadcast cuts from one player's routine to another's swing), shown at this clip's rate.
 */
const OTHER_SHOT_SECONDS = 2;
/** ...and at least (else the edit is left out for this clip). */
const OTHER_SHOT_MIN_SECONDS = 0.5;
/**
 * A golfer filmed from afar: the picture shrunk by this factor and set in a grass-green frame
 * of the clip's size ('far' centred across and in the upper third, 'corner' by the top-right
 * corner), as a broadcast's wide shot or a phone at the back of the range frames them.
 */
const FAR_SHRINK = 3;
const CORNER_SHRINK = 4;

/** A video file and its labels. */
export interface LabelledFile {
  file: string;
  clip: LabelledClip;
}

/**
 * Writes `edit` of `source` (its labels and clipShape) to `output`, and returns the copy's labels;
 * null when the edit does not apply (`other`, another labelled clip for 'shot-first', has too
 * little before its address). An existing `output` is taken as made before (a cache). Throws
 * when the copy holds other frames than planned.
 */
export async function makeEditedCopy(
  edit: Edit,
  source: LabelledFile & { shape: ClipShape },
  other: LabelledFile,
  output: string,
): Promise<LabelledFile | null> {
  const { clip, shape } = source;
  const { fps } = shape;
  const plan = planEdit(edit, clip, other.clip, shape);
  if (!plan) return null;
  // Frames on the clip's rate grid (else the muxer may take the concatenation's time base for
  // its rate and repeat frames to fill it), cut to the planned length (the fps filter may hold
  // the last frame one frame longer).
  const graph = plan.filters.replace(/\[v\]$/, `,fps=${fps},trim=end_frame=${plan.frames}[v]`);
  if (!existsSync(output)) {
    // Written aside and renamed when whole: a copy that exists is a finished one.
    const partial = `${output}.part.mp4`;
    const inputs = ['-i', source.file, ...(edit === 'shot-first' ? ['-i', other.file] : [])];
    const result = await runProcess(
      ffmpegBinaries().ffmpeg.path,
      [
        ...['-v', 'error', '-y', ...inputs, '-filter_complex', graph, '-map', '[v]', '-an'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', partial],
      ],
      { timeoutMs: 5 * 60_000 },
    );
    if (result.code !== 0) {
      throw new Error(`ffmpeg could not edit ${source.file}: ${result.stderr}`);
    }
    await rename(partial, output);
  }
  const written = (await probeVideo(output)).video?.frameCount;
  if (written !== plan.frames) {
    throw new Error(`${output}: ${written} frames written, ${plan.frames} planned`);
  }
  const events = Object.fromEntries(
    Object.entries(clip.events).map(([event, frame]) => [event, plan.frameOf(frame)]),
  ) as Partial<Record<SwingEventName, number>>;
  // Mirrored, a right-handed golfer swings left-handed.
  const handedness =
    edit === 'mirror' && clip.handedness
      ? ({ right: 'left', left: 'right' } as const)[clip.handedness]
      : clip.handedness;
  return { file: output, clip: { ...clip, events, tolerance: plan.tolerance, handedness } };
}

interface EditPlan {
  /** An ffmpeg filter graph from input 0 (the clip; input 1, the other clip) to [v]. */
  filters: string;
  frames: number;
  frameOf: (frame: number) => number;
  tolerance: number;
}

export interface ClipShape {
  fps: number;
  frames: number;
  width: number;
  height: number;
}

/** What the edits are planned from: the clip's frame rate, frame count and upright size. */
export async function clipShape(file: string): Promise<ClipShape> {
  const video = (await probeVideo(file)).video;
  if (!video?.avgFrameRate || !video.frameCount) {
    throw new Error(`${file}: no frame rate or frame count`);
  }
  return {
    fps: Math.round(video.avgFrameRate * 1000) / 1000,
    frames: video.frameCount,
    width: video.uprightWidth,
    height: video.uprightHeight,
  };
}

function planEdit(
  edit: Edit,
  clip: LabelledClip,
  other: LabelledClip,
  { fps, frames, width, height }: ClipShape,
): EditPlan | null {
  // Frames renumbered evenly at the clip's rate: labels count decoded frames, whatever their times.
  const even = `[0:v]setpts=N/${fps}/TB,setsar=1`;
  const same = { frameOf: (frame: number) => frame, tolerance: clip.tolerance };
  const { address, impact, finish } = clip.events;
  const margin = Math.round(REPLAY_MARGIN_SECONDS * fps);
  const from = Math.max(0, (address ?? 0) - margin);
  const to = Math.min(frames - 1, (finish ?? (impact ?? frames - 1) + margin) + margin);
  const replayFrames = REPLAY_SLOWDOWN * (to - from + 1);
  const replay =
    `[b]select='between(n\\,${from}\\,${to})',` + `setpts=${REPLAY_SLOWDOWN}*N/${fps}/TB[r]`;
  const cardFrames = Math.round(CARD_SECONDS * fps);
  // A plain blue card with a white panel, from the clip's first frame painted over.
  const card =
    `[k]trim=end_frame=1,drawbox=c=0x1a3a6b:t=fill,` +
    `drawbox=x=iw/4:y=ih/3:w=iw/2:h=ih/3:c=white:t=fill,` +
    `loop=loop=${cardFrames - 1}:size=1,setpts=N/${fps}/TB[c]`;
  switch (edit) {
    case 'plain':
      return { ...same, filters: `${even}[v]`, frames };
    case 'mirror':
      // A left-handed golfer's swing: the same frames, mirrored left to right.
      return { ...same, filters: `${even},hflip[v]`, frames };
    case 'sideways':
      // The pixels turned a quarter clockwise with no rotation tag (an app that drops it).
      return { ...same, filters: `${even},transpose=1[v]`, frames };
    case 'replay':
      return {
        ...same,
        filters: `${even},split[a][b];${replay};[a][r]concat=n=2:v=1:a=0,fps=${fps}[v]`,
        frames: frames + replayFrames,
      };
    case 'replay-card':
      return {
        ...same,
        filters:
          `${even},split=3[a][b][k];${replay};${card};` +
          `[a][r][c]concat=n=3:v=1:a=0,fps=${fps}[v]`,
        frames: frames + replayFrames + cardFrames,
      };
    case 'pulldown': {
      // A repeated frame after every fourth (24 frames shown as 30): the fps filter fills the
      // gap left after each fourth frame with that frame again.
      const frameOf = (frame: number) => frame + Math.floor(frame / 4);
      return {
        filters: `${even},setpts='(N+floor(N/4))/${fps}/TB',fps=${fps}[v]`,
        frames: frameOf(frames - 1) + 1,
        frameOf,
        tolerance: Math.round(clip.tolerance * 1.25),
      };
    }
    case 'far':
    case 'corner': {
      const shrink = edit === 'far' ? FAR_SHRINK : CORNER_SHRINK;
      const [x, y] = edit === 'far' ? ['(ow-iw)/2', '(oh-ih)/3'] : ['(ow-iw)*5/6', '(oh-ih)/6'];
      // Even sizes: x264 takes no odd ones.
      const evenDown = (length: number) => 2 * Math.floor(length / 2);
      return {
        ...same,
        filters:
          `${even},scale=${evenDown(width / shrink)}:${evenDown(height / shrink)},` +
          `pad=${evenDown(width)}:${evenDown(height)}:${x}:${y}:color=0x406030[v]`,
        frames,
      };
    }
    case 'shot-first': {
      const otherAddress = other.events.address ?? 0;
      const before = Math.min(otherAddress, Math.round(OTHER_SHOT_SECONDS * fps));
      if (before < OTHER_SHOT_MIN_SECONDS * fps) return null;
      return {
        filters:
          `${even}[m];[1:v]select='between(n\\,${otherAddress - before}\\,${otherAddress - 1})',` +
          `setpts=N/${fps}/TB,scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
          `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1[p];[p][m]concat=n=2:v=1:a=0[v]`,
        frames: frames + before,
        frameOf: (frame: number) => frame + before,
        tolerance: clip.tolerance,
      };
    }
  }
}
