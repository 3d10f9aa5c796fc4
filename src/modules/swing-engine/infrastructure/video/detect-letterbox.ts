/**
 * Finds the active picture of a letterboxed or pillarboxed clip (a landscape swing reposted in a
 * portrait frame, black bars above and below), so the pose stage does not spend pixels on bars.
 * Samples frames from the first seconds and keeps rows and columns that are dark in every sample;
 * working on our own decoded frames (not ffmpeg's cropdetect) keeps the result the same across
 * ffmpeg versions, and a logo printed on a bar does not break a dark row.
 */
import { decodeFrames, type Rect } from './decode-frames';
import type { VideoInfo } from './probe-video';

export interface LetterboxOptions {
  /** Seconds from the start to sample. Default 3. */
  seconds?: number;
  /** Frames sampled in that window. Default 8. */
  samples?: number;
  /** A row or column is a bar when its mean luma (0-255) stays below this. Default 24. */
  threshold?: number;
  timeoutMs?: number;
}

/** Analysis size: fine enough for 2-3 px precision on phone video, cheap to decode. */
const ANALYSIS_LONG_SIDE = 480;
/**
 * Bars never leave less than this share of a side (a 16:9 picture in a 9:16 frame keeps 32%);
 * less means a dark scene, not bars, and the full frame is returned.
 */
const MIN_ACTIVE_SHARE = 0.2;

export async function detectLetterbox(
  info: VideoInfo,
  options: LetterboxOptions = {},
): Promise<Rect> {
  const video = info.video;
  if (!video) throw new Error(`${info.path} has no video stream`);
  const full: Rect = { x: 0, y: 0, width: video.uprightWidth, height: video.uprightHeight };
  const seconds = Math.min(options.seconds ?? 3, info.duration ?? Infinity);
  const samples = options.samples ?? 8;
  const threshold = options.threshold ?? 24;
  const fps = video.avgFrameRate ?? video.realFrameRate ?? 30;
  const step = Math.max(1, Math.floor((seconds * fps) / samples));

  const decoding = decodeFrames(info, {
    size: { longSide: ANALYSIS_LONG_SIDE },
    end: seconds,
    step,
    timeoutMs: options.timeoutMs,
  });
  const { width, height } = decoding;
  const frames: Buffer[] = [];
  for await (const frame of decoding.frames) {
    frames.push(frame.data);
    if (frames.length >= samples) break;
  }
  if (frames.length === 0) return full;

  // Rows first; columns are then measured over the picture rows only, so bars above and below
  // do not darken every column.
  const rowPeak = new Float64Array(height);
  for (const data of frames) {
    lineMeans(data, width, 0, height).rows.forEach(
      (v, y) => (rowPeak[y] = Math.max(rowPeak[y], v)),
    );
  }
  const top = rowPeak.findIndex((v) => v >= threshold);
  const bottom = findLastIndex(rowPeak, (v) => v >= threshold);
  if (top < 0 || bottom - top + 1 < MIN_ACTIVE_SHARE * height) return full;
  const columnPeak = new Float64Array(width);
  for (const data of frames) {
    lineMeans(data, width, top, bottom + 1).columns.forEach(
      (v, x) => (columnPeak[x] = Math.max(columnPeak[x], v)),
    );
  }
  const left = columnPeak.findIndex((v) => v >= threshold);
  const right = findLastIndex(columnPeak, (v) => v >= threshold);
  if (left < 0 || right - left + 1 < MIN_ACTIVE_SHARE * width) return full;

  // Back to source pixels, rounding outwards to even offsets and sizes (4:2:0 chroma), so a bar
  // edge may stay in but no picture is cut.
  const scaleX = video.uprightWidth / width;
  const scaleY = video.uprightHeight / height;
  const x0 = evenDown(left * scaleX);
  const y0 = evenDown(top * scaleY);
  const x1 = Math.min(video.uprightWidth, evenUp((right + 1) * scaleX));
  const y1 = Math.min(video.uprightHeight, evenUp((bottom + 1) * scaleY));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Mean luma (BT.601) of each row, and of each column over rows [fromRow, toRow), of RGB24. */
export function lineMeans(
  rgb: Uint8Array,
  width: number,
  fromRow: number,
  toRow: number,
): { rows: Float64Array; columns: Float64Array } {
  const rows = new Float64Array(toRow - fromRow);
  const columns = new Float64Array(width);
  for (let y = fromRow; y < toRow; y += 1) {
    let rowSum = 0;
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const luma = 0.299 * rgb[i] + 0.587 * rgb[i + 1] + 0.114 * rgb[i + 2];
      rowSum += luma;
      columns[x] += luma;
    }
    rows[y - fromRow] = rowSum / width;
  }
  for (let x = 0; x < width; x += 1) columns[x] /= toRow - fromRow;
  return { rows, columns };
}

function findLastIndex(values: Float64Array, predicate: (value: number) => boolean): number {
  for (let i = values.length - 1; i >= 0; i -= 1) if (predicate(values[i])) return i;
  return -1;
}

function evenDown(value: number): number {
  return Math.max(0, Math.floor(value / 2) * 2);
}

function evenUp(value: number): number {
  return Math.ceil(value / 2) * 2;
}
