/**
 * ffprobe a file into a typed VideoInfo. Two passes, both under one hard deadline:
 * 1. headers (-show_format -show_streams): streams, codecs, rotation, rates;
 * 2. the packets of the chosen video stream (demux only, no decoding): frame count, real
 *    duration (browser-recorded WebM has none in its header), variable frame rate, truncation.
 * Only the `file` protocol is allowed, so a crafted upload (an HLS playlist renamed .mp4) cannot
 * make ffprobe fetch URLs or read other local files.
 */
import { stat } from 'node:fs/promises';
import { ffmpegBinaries } from './ffmpeg-binaries';
import { ProcessTimeoutError, runProcess } from './run-process';

export type Rotation = 0 | 90 | 180 | 270;

export interface VideoStreamInfo {
  /** Index of the stream in the file (ffmpeg's `-map 0:<index>`), not among video streams. */
  index: number;
  /** ffprobe codec_name: 'h264', 'hevc', 'prores', 'vp9'... */
  codec: string;
  /** Container tag, e.g. 'avc1', 'hvc1', 'apch'; null when absent. */
  codecTag: string | null;
  profile: string | null;
  pixelFormat: string | null;
  /** Stored (coded) frame size, before rotation. */
  width: number;
  height: number;
  /** Clockwise degrees to turn stored frames upright (display matrix, else the rotate tag). */
  rotation: Rotation;
  /** Frame size after rotation: what a viewer sees, and what decodeFrames scales from. */
  uprightWidth: number;
  uprightHeight: number;
  /** Pixel aspect of stored frames (width / height of one pixel); 1 when square or unknown. */
  sampleAspectRatio: number;
  /** Frames per second over the whole stream (frames / duration); null when unknown. */
  avgFrameRate: number | null;
  /** ffprobe's r_frame_rate: the base rate all timestamps fit; null when unknown. */
  realFrameRate: number | null;
  /** Timestamps are not evenly spaced: phone clips, screen recordings, dropped frames. */
  variableFrameRate: boolean;
  /** Presentation time of the stream start in seconds (frame times are relative to it). */
  startTime: number;
  /** Seconds; from the stream header, else from its packets. */
  duration: number | null;
  /**
   * Frames the decoder will output: the stream's packets less those flagged discard (one frame
   * per packet for camera codecs); null when no packet could be read.
   */
  frameCount: number | null;
}

export interface VideoInfo {
  path: string;
  sizeBytes: number;
  /** ffprobe format_name, e.g. 'mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm', 'avi'. */
  container: string;
  containerLongName: string | null;
  /** Seconds: the video stream's duration, else the container's. */
  duration: number | null;
  /** The first real video stream (cover pictures and thumbnail tracks skipped), or null. */
  video: VideoStreamInfo | null;
  hasAudio: boolean;
  /** Audio streams but no real video stream (an .m4a, even with cover art). */
  audioOnly: boolean;
  /** A picture (png, jpeg, HEIC...) rather than a video. */
  stillImage: boolean;
}

export type VideoProbeFailure = 'unreadable' | 'truncated' | 'timeout' | 'failed';

export class VideoProbeError extends Error {
  constructor(
    readonly reason: VideoProbeFailure,
    message: string,
  ) {
    super(message);
    this.name = 'VideoProbeError';
  }
}

export interface ProbeOptions {
  /** Hard limit for both ffprobe passes together; the child is killed on expiry. */
  timeoutMs?: number;
}

export const DEFAULT_PROBE_TIMEOUT_MS = 20_000;

/** Codecs of single pictures: as a one-frame track they are a cover or thumbnail, not video. */
const IMAGE_CODECS = new Set([
  'png',
  'apng',
  'mjpeg',
  'jpeg2000',
  'jpegls',
  'bmp',
  'gif',
  'webp',
  'tiff',
  'heif',
]);

export async function probeVideo(path: string, options: ProbeOptions = {}): Promise<VideoInfo> {
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS);
  const sizeBytes = await fileSize(path);
  // One ffprobe run for the container, the streams and every packet's timing (a second run per
  // stream cost about 100 ms more per video).
  const probe = await runFfprobe(
    [
      '-show_format',
      '-show_streams',
      '-show_error',
      '-show_entries',
      'packet=stream_index,pts_time,dts_time,duration_time,flags',
      '-of',
      'json',
    ],
    path,
    deadline,
  );
  const parsed = parseJson<FfprobeOutput>(probe.stdout);
  if (!parsed || parsed.error || !parsed.format) {
    const detail = parsed?.error?.string ?? firstLine(probe.stderr) ?? 'no output';
    throw new VideoProbeError('unreadable', `ffprobe could not read the file: ${detail}`);
  }

  const streams = parsed.streams ?? [];
  const format = parsed.format;
  const videoStream = pickVideoStream(streams, format.format_name ?? '');
  const hasAudio = streams.some((s) => s.codec_type === 'audio');
  const stillImage = !videoStream && !hasAudio && isStillImage(format, streams);
  const video = videoStream
    ? describeVideoStream(
        videoStream,
        summarisePackets(
          (parsed.packets ?? []).filter((p) => p.stream_index === videoStream.index),
          probe.stderr,
        ),
      )
    : null;

  return {
    path,
    sizeBytes,
    container: format.format_name ?? 'unknown',
    containerLongName: format.format_long_name ?? null,
    duration: video?.duration ?? positiveNumber(format.duration),
    video,
    hasAudio,
    audioOnly: hasAudio && !videoStream,
    stillImage,
  };
}

/** Skips cover art (attached_pic), timed thumbnails and one-picture tracks (.mov thumbnails). */
export function pickVideoStream(
  streams: readonly FfprobeStream[],
  formatName: string,
): FfprobeStream | null {
  const video = streams.filter(
    (s) =>
      s.codec_type === 'video' &&
      s.disposition?.attached_pic !== 1 &&
      s.disposition?.timed_thumbnails !== 1,
  );
  // An MJPEG camera clip is still video: a picture codec counts as a picture when its track
  // holds one frame, or when the whole file is an image.
  const isPicture = (s: FfprobeStream) => {
    if (!IMAGE_CODECS.has(s.codec_name ?? '')) return false;
    const frames = Number(s.nb_frames);
    return Number.isFinite(frames) && s.nb_frames !== undefined
      ? frames <= 1
      : isImageFormat(formatName);
  };
  return video.find((s) => !isPicture(s)) ?? null;
}

function isImageFormat(formatName: string): boolean {
  return formatName === 'image2' || formatName.endsWith('_pipe') || formatName === 'gif';
}

function isStillImage(format: FfprobeFormat, streams: readonly FfprobeStream[]): boolean {
  if (isImageFormat(format.format_name ?? '')) return true;
  return streams.some((s) => s.codec_type === 'video' && IMAGE_CODECS.has(s.codec_name ?? ''));
}

function describeVideoStream(stream: FfprobeStream, packets: PacketSummary): VideoStreamInfo {
  const width = stream.width ?? 0;
  const height = stream.height ?? 0;
  const rotation = rotationOf(stream);
  const declaredFrames = positiveInteger(stream.nb_frames);
  if (declaredFrames !== null && packets.count < declaredFrames) {
    throw new VideoProbeError(
      'truncated',
      `The file is truncated: ${packets.count} of ${declaredFrames} frames are present`,
    );
  }
  if (packets.partial) {
    throw new VideoProbeError('truncated', 'The file is truncated: its data ends early');
  }
  const duration = positiveNumber(stream.duration) ?? packets.duration;
  const frameCount = packets.shown > 0 ? packets.shown : declaredFrames;
  const avgFrameRate =
    positiveRatio(stream.avg_frame_rate) ??
    (frameCount !== null && duration ? frameCount / duration : null);
  const realFrameRate = positiveRatio(stream.r_frame_rate);
  const turned = rotation === 90 || rotation === 270;
  return {
    index: stream.index,
    codec: stream.codec_name ?? 'unknown',
    codecTag:
      stream.codec_tag_string && !/^\[0\]/.test(stream.codec_tag_string)
        ? stream.codec_tag_string
        : null,
    profile: stream.profile ?? null,
    pixelFormat: stream.pix_fmt ?? null,
    width,
    height,
    rotation,
    uprightWidth: turned ? height : width,
    uprightHeight: turned ? width : height,
    sampleAspectRatio: positiveRatio(stream.sample_aspect_ratio, ':') ?? 1,
    avgFrameRate,
    realFrameRate,
    variableFrameRate:
      packets.variable ??
      (avgFrameRate !== null &&
        realFrameRate !== null &&
        Math.abs(avgFrameRate - realFrameRate) > 0.01 * realFrameRate),
    startTime: finiteNumber(stream.start_time) ?? packets.firstTime ?? 0,
    duration,
    frameCount,
  };
}

/** Display matrix rotation is counter-clockwise degrees; the legacy rotate tag is clockwise. */
export function rotationOf(stream: Pick<FfprobeStream, 'side_data_list' | 'tags'>): Rotation {
  const matrix = stream.side_data_list?.find((d) => typeof d.rotation === 'number');
  let clockwise = 0;
  if (matrix && typeof matrix.rotation === 'number') clockwise = -matrix.rotation;
  else if (stream.tags?.rotate !== undefined) clockwise = Number(stream.tags.rotate) || 0;
  // ffmpeg itself only turns by quarter turns; round odd angles the same way.
  const quarter = (((Math.round(clockwise / 90) % 4) + 4) % 4) as 0 | 1 | 2 | 3;
  return ([0, 90, 180, 270] as const)[quarter];
}

interface PacketSummary {
  /** All packets of the stream (what the container's frame count counts). */
  count: number;
  /** Packets that become frames. */
  shown: number;
  duration: number | null;
  firstTime: number | null;
  /** null when timestamps were missing (AVI without pts) and the rate cannot be judged. */
  variable: boolean | null;
  partial: boolean;
}

function summarisePackets(packets: FfprobePacket[], stderr: string): PacketSummary {
  // Packets flagged D (discard, e.g. before an MP4 edit list start) never become frames.
  const shown = packets.filter((p) => !(p.flags ?? '').includes('D'));
  const times = shown
    .map((p) => Number(p.pts_time ?? p.dts_time))
    .filter((t) => Number.isFinite(t))
    .sort((a, b) => a - b);
  const lastDuration = Number(shown.at(-1)?.duration_time);
  let duration: number | null = null;
  if (times.length > 0) {
    const span = times[times.length - 1] - times[0];
    duration = span + (Number.isFinite(lastDuration) ? lastDuration : 0) || null;
  }
  return {
    count: packets.length,
    shown: shown.length,
    duration,
    firstTime: times[0] ?? null,
    variable: times.length === shown.length && times.length > 2 ? unevenSpacing(times) : null,
    partial: /partial file/i.test(stderr),
  };
}

/**
 * Uneven when any gap between consecutive frames leaves the median gap by more than 2% (and more
 * than a millisecond, so 1/30 s rounded into a 1/600 or 1/1000 time base does not count).
 */
function unevenSpacing(times: readonly number[]): boolean {
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i += 1) gaps.push(times[i] - times[i - 1]);
  const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)];
  const tolerance = Math.max(0.02 * median, 0.001);
  return gaps.some((gap) => Math.abs(gap - median) > tolerance);
}

async function runFfprobe(args: string[], path: string, deadline: number) {
  const timeoutMs = Math.max(1, deadline - Date.now());
  try {
    return await runProcess(
      ffmpegBinaries().ffprobe.path,
      ['-v', 'error', '-hide_banner', '-protocol_whitelist', 'file', ...args, `file:${path}`],
      { timeoutMs },
    );
  } catch (error) {
    if (error instanceof ProcessTimeoutError) {
      throw new VideoProbeError('timeout', `ffprobe gave no answer within the time limit`);
    }
    throw new VideoProbeError('failed', `ffprobe could not run: ${(error as Error).message}`);
  }
}

async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    throw new VideoProbeError('failed', `Cannot read ${path}: ${(error as Error).message}`);
  }
}

function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function firstLine(text: string): string | null {
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .find(Boolean) ?? null
  );
}

function parseRatio(value: string | undefined, separator = '/'): number | null {
  if (!value) return null;
  const [num, den] = value.split(separator).map(Number);
  if (!Number.isFinite(num) || !Number.isFinite(den) || den === 0) return null;
  return num / den;
}

function positiveRatio(value: string | undefined, separator = '/'): number | null {
  const ratio = parseRatio(value, separator);
  return ratio !== null && ratio > 0 ? ratio : null;
}

function finiteNumber(value: string | undefined): number | null {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : null;
}

function positiveNumber(value: string | undefined): number | null {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? n : null;
}

function positiveInteger(value: string | undefined): number | null {
  const n = positiveNumber(value);
  return n !== null && Number.isInteger(n) ? n : null;
}

/** The parts of ffprobe's JSON this module reads. */
export interface FfprobeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  codec_tag_string?: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  time_base?: string;
  start_time?: string;
  duration?: string;
  nb_frames?: string;
  disposition?: Record<string, number | undefined>;
  tags?: Record<string, string | undefined>;
  side_data_list?: { side_data_type?: string; rotation?: number }[];
}

interface FfprobeFormat {
  format_name?: string;
  format_long_name?: string;
  duration?: string;
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: FfprobeFormat;
  packets?: FfprobePacket[];
  error?: { code?: number; string?: string };
}

interface FfprobePacket {
  stream_index?: number;
  pts_time?: string;
  dts_time?: string;
  duration_time?: string;
  flags?: string;
}
