/**
 * Streams decoded frames of a probed video as raw RGB24 at a reduced size, upright, with each
 * frame's index and presentation time, one frame in memory at a time.
 *
 * How indices and times stay exact:
 * - `-copyts` and passthrough frame-rate mode: ffmpeg neither shifts timestamps nor duplicates or
 *   drops frames to make the rate constant, so variable-rate clips keep their real timing;
 * - a `showinfo` before any selection logs every decoded frame (n, pts) and a second one logs each
 *   emitted frame's pts; pairing them gives the index among decoded frames of the stream, the
 *   numbering of the labels and of ffprobe `-count_frames`;
 * - decoding always starts at the first frame (a seek would lose the numbering); `end` stops
 *   ffmpeg early through `trim`.
 * Rotation: ffmpeg's autorotate is off and we transpose ourselves from the probed rotation, so the
 * output size is known before the first frame whatever ffmpeg version runs.
 */
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { ffmpegBinaries, ffmpegCapabilities } from './ffmpeg-binaries';
import type { VideoInfo, VideoStreamInfo } from './probe-video';

/** Requested output size: the long or short side (aspect kept, never enlarged), or exact. */
export type FrameSize =
  { longSide: number } | { shortSide: number } | { width: number; height: number };

/** A rectangle in upright source pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DecodeOptions {
  /** Default: long side 640. */
  size?: FrameSize;
  /** Active picture to keep (e.g. from detectLetterbox), in upright source pixels. */
  crop?: Rect;
  /** Seconds from the stream start; frames with start <= time <= end are emitted. */
  start?: number;
  end?: number;
  /** Emit only frames whose index is a multiple of `step` (a coarse pass). Default 1. */
  step?: number;
  /**
   * Hard limit for the whole decode, consumer time included (ffmpeg waits while the consumer
   * works); ffmpeg is killed on expiry, also when a consumer abandons the loop without `break`.
   */
  timeoutMs?: number;
}

export interface DecodedFrame {
  /** 0-based index among decoded frames of the video stream, in decode order. */
  index: number;
  /** Presentation time in seconds from the stream start. */
  time: number;
  /** width * height * 3 bytes, RGB, rows top to bottom. */
  data: Buffer;
}

export interface FrameDecoding {
  width: number;
  height: number;
  frameBytes: number;
  /** Starts ffmpeg when first pulled; leaving the loop early kills it. */
  frames: AsyncGenerator<DecodedFrame, void, undefined>;
}

export type VideoDecodeFailure = 'timeout' | 'failed';

export class VideoDecodeError extends Error {
  constructor(
    readonly reason: VideoDecodeFailure,
    message: string,
  ) {
    super(message);
    this.name = 'VideoDecodeError';
  }
}

export const DEFAULT_LONG_SIDE = 640;
export const DEFAULT_DECODE_TIMEOUT_MS = 5 * 60_000;
/** Window bounds are inclusive within a microsecond (timestamps are rational, bounds decimal). */
const TIME_EPSILON = 1e-6;
const TRIM_MARGIN = 0.05;

/** The output size for these options, before any decoding. */
export function outputFrameSize(
  video: VideoStreamInfo,
  size: FrameSize = { longSide: DEFAULT_LONG_SIDE },
  crop?: Rect,
): { width: number; height: number } {
  if ('width' in size) return { width: positiveInt(size.width), height: positiveInt(size.height) };
  const sourceWidth = crop?.width ?? video.uprightWidth;
  const sourceHeight = crop?.height ?? video.uprightHeight;
  // Non-square pixels (old DV, some MPEG) are squared here; the stored x axis is the upright y
  // axis after a quarter turn.
  const turned = video.rotation === 90 || video.rotation === 270;
  const pixelAspect = turned ? 1 / video.sampleAspectRatio : video.sampleAspectRatio;
  const displayWidth = sourceWidth * pixelAspect;
  const scale = Math.min(
    1,
    'longSide' in size
      ? positiveInt(size.longSide) / Math.max(displayWidth, sourceHeight)
      : positiveInt(size.shortSide) / Math.min(displayWidth, sourceHeight),
  );
  return {
    width: Math.max(1, Math.round(displayWidth * scale)),
    height: Math.max(1, Math.round(sourceHeight * scale)),
  };
}

export function decodeFrames(info: VideoInfo, options: DecodeOptions = {}): FrameDecoding {
  const video = info.video;
  if (!video) throw new VideoDecodeError('failed', `${info.path} has no video stream`);
  const step = options.step ?? 1;
  if (!Number.isInteger(step) || step < 1) throw new RangeError(`step must be >= 1: ${step}`);
  if (options.start !== undefined && options.end !== undefined && options.end < options.start) {
    throw new RangeError(`end (${options.end}) is before start (${options.start})`);
  }
  const crop = options.crop;
  if (
    crop &&
    !(
      crop.x >= 0 &&
      crop.y >= 0 &&
      crop.width >= 1 &&
      crop.height >= 1 &&
      crop.x + crop.width <= video.uprightWidth &&
      crop.y + crop.height <= video.uprightHeight
    )
  ) {
    throw new RangeError(`crop ${JSON.stringify(crop)} is outside the upright frame`);
  }
  const { width, height } = outputFrameSize(video, options.size, crop);
  const graph = decodeFilterGraph(video, { ...options, step }, width, height);
  return {
    width,
    height,
    frameBytes: width * height * 3,
    frames: runDecoder(info.path, video, graph, width, height, options.timeoutMs),
  };
}

/** The filter graph: end trim, numbering, selection, then turn, crop and scale kept frames only. */
export function decodeFilterGraph(
  video: VideoStreamInfo,
  options: DecodeOptions,
  width: number,
  height: number,
): string {
  const step = options.step ?? 1;
  const filters: string[] = [];
  const conditions: string[] = [];
  if (options.end !== undefined) {
    const end = video.startTime + options.end;
    // trim ends the stream so ffmpeg stops decoding; it rounds to the time base, so it gets a
    // margin and select applies the exact bound.
    filters.push(`trim=end=${(end + TRIM_MARGIN).toFixed(6)}`);
    conditions.push(`lte(t\\,${(end + TIME_EPSILON).toFixed(6)})`);
  }
  filters.push('showinfo@pre=checksum=0');
  if (options.start !== undefined && options.start > 0) {
    conditions.push(`gte(t\\,${(video.startTime + options.start - TIME_EPSILON).toFixed(6)})`);
  }
  if (step > 1) conditions.push(`not(mod(n\\,${step}))`);
  if (conditions.length > 0) filters.push(`select='${conditions.join('*')}'`);
  if (video.rotation === 90) filters.push('transpose=clock');
  if (video.rotation === 180) filters.push('hflip', 'vflip');
  if (video.rotation === 270) filters.push('transpose=cclock');
  const crop = options.crop;
  if (crop) {
    filters.push(`crop=${crop.width}:${crop.height}:${crop.x}:${crop.y}:exact=1`);
  }
  const sourceWidth = crop?.width ?? video.uprightWidth;
  const shrinking = width <= sourceWidth;
  filters.push(`scale=${width}:${height}:flags=${shrinking ? 'area' : 'bicubic'}`);
  filters.push('showinfo@post=checksum=0');
  return filters.join(',');
}

async function* runDecoder(
  path: string,
  video: VideoStreamInfo,
  graph: string,
  width: number,
  height: number,
  timeoutMs = DEFAULT_DECODE_TIMEOUT_MS,
): AsyncGenerator<DecodedFrame, void, undefined> {
  const { frameRateModeOption } = await ffmpegCapabilities();
  const args = [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    // showinfo logs at info level.
    '-loglevel',
    'info',
    '-protocol_whitelist',
    'file',
    '-noautorotate',
    '-copyts',
    '-i',
    `file:${path}`,
    '-map',
    `0:${video.index}`,
    '-an',
    '-sn',
    '-dn',
    '-vf',
    graph,
    frameRateModeOption,
    'passthrough',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ];
  const child = spawn(ffmpegBinaries().ffmpeg.path, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.once('error', () => resolve());
  });
  const failure: { spawn?: Error } = {};
  child.once('error', (error) => (failure.spawn = error));

  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);

  const log = new ShowinfoLog(video.startTime, `${width}x${height}`);
  readLines(child.stderr, (line) => log.read(line)).then(
    () => log.close(),
    () => log.close(),
  );

  const output = { leftover: 0 };
  try {
    for await (const data of fixedSizeChunks(child.stdout, width * height * 3, output)) {
      const timing = await log.next();
      if (!timing) throw new VideoDecodeError('failed', `No timing for a frame: ${log.tail()}`);
      yield { index: timing.index, time: timing.time, data };
    }
    await exited;
    if (timedOut) {
      throw new VideoDecodeError('timeout', `Decoding took longer than ${timeoutMs} ms`);
    }
    if (failure.spawn) {
      throw new VideoDecodeError('failed', `ffmpeg could not run: ${failure.spawn.message}`);
    }
    if (child.exitCode !== 0) {
      throw new VideoDecodeError('failed', `ffmpeg exited with ${child.exitCode}: ${log.tail()}`);
    }
    if (log.error) throw new VideoDecodeError('failed', log.error);
    if (output.leftover > 0) {
      throw new VideoDecodeError('failed', `ffmpeg output ended inside a frame`);
    }
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  }
}

interface FrameTiming {
  index: number;
  time: number;
}

/**
 * Reads the two showinfo logs: `pre` lists every decoded frame (n, pts), `post` each emitted one;
 * an emitted frame's index is the n of the pre entry with the same pts (selection keeps order).
 */
class ShowinfoLog {
  error: string | null = null;
  private timeBase: number | null = null;
  private readonly decoded: { n: number; pts: string; time: number }[] = [];
  private readonly ready: FrameTiming[] = [];
  private waiter: ((timing: FrameTiming | null) => void) | null = null;
  private closed = false;
  private readonly lastLines: string[] = [];

  constructor(
    private readonly startTime: number,
    private readonly expectedSize: string,
  ) {}

  read(line: string): void {
    const match = /showinfo@(pre|post)[^\]]*\]\s*(.*)$/.exec(line);
    if (!match) {
      this.lastLines.push(line);
      if (this.lastLines.length > 20) this.lastLines.shift();
      return;
    }
    const [, which, text] = match;
    const config = /config in time_base:\s*(\d+)\/(\d+)/.exec(text);
    if (config && which === 'pre') {
      this.timeBase = Number(config[1]) / Number(config[2]) || null;
      return;
    }
    const frame = /^n:\s*(\d+)\s+pts:\s*(\S+)\s+pts_time:\s*(\S+).*?\bs:(\d+x\d+)/.exec(text);
    if (!frame) return;
    const [, n, pts, ptsTime, size] = frame;
    if (which === 'pre') {
      const exact = this.timeBase !== null && /^-?\d+$/.test(pts);
      const seconds = exact ? Number(pts) * (this.timeBase ?? 0) : Number(ptsTime);
      this.decoded.push({ n: Number(n), pts, time: seconds - this.startTime });
      return;
    }
    if (size !== this.expectedSize) {
      this.fail(`ffmpeg produced ${size} frames instead of ${this.expectedSize}`);
      return;
    }
    let entry = this.decoded.shift();
    while (entry && entry.pts !== pts) entry = this.decoded.shift();
    if (!entry) {
      this.fail(`Emitted frame with pts ${pts} was never logged as decoded`);
      return;
    }
    this.deliver({ index: entry.n, time: entry.time });
  }

  /** The next emitted frame's timing; null once the log ended without one. */
  next(): Promise<FrameTiming | null> {
    const timing = this.ready.shift();
    if (timing) return Promise.resolve(timing);
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => (this.waiter = resolve));
  }

  close(): void {
    this.closed = true;
    this.waiter?.(null);
    this.waiter = null;
  }

  tail(): string {
    return this.error ?? this.lastLines.slice(-5).join(' | ');
  }

  private deliver(timing: FrameTiming): void {
    if (this.waiter) {
      this.waiter(timing);
      this.waiter = null;
    } else {
      this.ready.push(timing);
    }
  }

  private fail(message: string): void {
    this.error ??= message;
    this.close();
  }
}

/** Re-chunks a byte stream into buffers of exactly `size` bytes, pulling only on demand. */
async function* fixedSizeChunks(
  stream: Readable,
  size: number,
  state: { leftover: number },
): AsyncGenerator<Buffer> {
  const parts: Buffer[] = [];
  let buffered = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    parts.push(chunk);
    buffered += chunk.length;
    while (buffered >= size) {
      const all = parts.length === 1 ? parts[0] : Buffer.concat(parts, buffered);
      parts.length = 0;
      yield all.subarray(0, size);
      buffered -= size;
      if (buffered > 0) parts.push(all.subarray(size));
    }
  }
  state.leftover = buffered;
}

/** Calls `onLine` for each line of a text stream ('\r' counts as a line end, as ffmpeg uses it). */
async function readLines(stream: Readable, onLine: (line: string) => void): Promise<void> {
  let rest = '';
  stream.setEncoding('utf8');
  for await (const chunk of stream as AsyncIterable<string>) {
    const lines = (rest + chunk).split(/\r\n|\r|\n/);
    rest = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  }
  if (rest) onLine(rest);
}

function positiveInt(value: number): number {
  if (!Number.isFinite(value) || value < 1) throw new RangeError(`Invalid frame size: ${value}`);
  return Math.round(value);
}
