/** Drawing the pose track's skeleton over the video frame it was measured on. */
import { POSE_CONNECTIONS, type PoseTrack } from '../../../../../src/modules/swing-engine/rules';

const MIN_VISIBILITY = 0.3;

/** [x, y, visibility] in pixels of the upright frame. */
export type OverlayPoint = readonly [number, number, number];

export interface OverlayFrame {
  index: number;
  time: number;
  points: OverlayPoint[] | null;
}

export interface OverlayTrack {
  width: number;
  height: number;
  fps: number;
  frames: OverlayFrame[];
}

/** The compact file the engine stores: {i, t, s, l: [[x, y, visibility]...]} per frame. */
interface CompactFrame {
  i: number;
  t: number;
  l: Array<[number, number, number]> | null;
}

/** Reads the served pose track, compact (as stored) or full (a PoseTrack). */
export function toOverlayTrack(raw: unknown): OverlayTrack | null {
  if (!raw || typeof raw !== 'object') return null;
  const track = raw as { width?: unknown; height?: unknown; fps?: unknown; frames?: unknown };
  if (typeof track.width !== 'number' || typeof track.height !== 'number') return null;
  if (!Array.isArray(track.frames)) return null;
  const frames = (track.frames as Array<CompactFrame | PoseTrack['frames'][number]>).map(
    (f): OverlayFrame =>
      'i' in f
        ? { index: f.i, time: f.t, points: f.l }
        : {
            index: f.index,
            time: f.time,
            points: f.landmarks?.map((p) => [p.x, p.y, p.visibility] as const) ?? null,
          },
  );
  return {
    width: track.width,
    height: track.height,
    fps: typeof track.fps === 'number' ? track.fps : 30,
    frames,
  };
}

/** The posed frame on screen at `time`: the last one at or before it (within a millisecond). */
export function frameAt(track: OverlayTrack, time: number): OverlayFrame | null {
  const frames = track.frames;
  let lo = 0;
  let hi = frames.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (frames[mid]!.time <= time + 1e-3) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  for (let i = found; i >= 0; i -= 1) {
    if (frames[i]!.points) return frames[i]!;
  }
  return null;
}

/**
 * Clears the canvas and draws the skeleton of `frame`, mapping the track's pixel coordinates
 * onto the letterboxed video (object-fit: contain) inside a canvas of the same box.
 */
export function drawSkeleton(
  canvas: HTMLCanvasElement,
  track: OverlayTrack,
  frame: OverlayFrame | null,
): boolean {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round(canvas.clientWidth * ratio);
  const height = Math.round(canvas.clientHeight * ratio);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) return false;
  ctx.clearRect(0, 0, width, height);
  const points = frame?.points;
  if (!points || track.width <= 0 || track.height <= 0) return false;

  const scale = Math.min(width / track.width, height / track.height);
  const ox = (width - track.width * scale) / 2;
  const oy = (height - track.height * scale) / 2;
  const at = (i: number) => {
    const p = points[i];
    return p && p[2] >= MIN_VISIBILITY ? { x: ox + p[0] * scale, y: oy + p[1] * scale } : null;
  };

  ctx.lineCap = 'round';
  ctx.lineWidth = 3 * ratio;
  ctx.strokeStyle = 'rgba(74, 222, 128, 0.95)';
  ctx.shadowColor = 'rgba(0, 0, 0, 0.6)';
  ctx.shadowBlur = 2 * ratio;
  for (const [a, b] of POSE_CONNECTIONS) {
    if (a < 11 || b < 11) continue; // the face's small edges clutter a phone screen
    const p = at(a);
    const q = at(b);
    if (!p || !q) continue;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.stroke();
  }
  ctx.fillStyle = '#ffffff';
  for (let i = 11; i < points.length; i += 1) {
    const p = at(i);
    if (!p) continue;
    ctx.beginPath();
    ctx.arc(p.x, p.y, 3.5 * ratio, 0, Math.PI * 2);
    ctx.fill();
  }
  const nose = at(0);
  if (nose) {
    ctx.beginPath();
    ctx.arc(nose.x, nose.y, 5 * ratio, 0, Math.PI * 2);
    ctx.stroke();
  }
  return true;
}
