import { copyFile, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SWING_EVENTS, type PoseTrack, type SwingEventName } from '../../domain/pose-track';
import type { SwingReport, VideoReport } from '../../domain/swing-report';
import type { UprightTurn } from '../../domain/swing/upright-turn';
import { ffmpegBinaries, ffmpegCapabilities } from '../video/ffmpeg-binaries';
import { runProcess } from '../video/run-process';

export interface ArtifactFiles {
  report: string;
  poseTracks: string[];
  stills: Partial<Record<SwingEventName, string>>;
}

/**
 * Writes what the result screens show: the report JSON, the pose track(s) for the skeleton
 * overlay, and one JPEG per event of the face-on video (one ffmpeg pass picks all eight).
 */
export async function writeArtifacts(
  outDir: string,
  report: SwingReport,
  tracks: { faceOn: PoseTrack; downTheLine: PoseTrack | null },
  videos: { faceOn: string; downTheLine?: string },
): Promise<ArtifactFiles> {
  await mkdir(outDir, { recursive: true });
  const poseTracks = [path.join(outDir, 'pose-face-on.json')];
  await writeFile(poseTracks[0]!, JSON.stringify(compactTrack(tracks.faceOn)));
  if (tracks.downTheLine) {
    poseTracks.push(path.join(outDir, 'pose-down-the-line.json'));
    await writeFile(poseTracks[1]!, JSON.stringify(compactTrack(tracks.downTheLine)));
  }
  const stills = await writeEventStills(outDir, videos.faceOn, report.faceOn, 'face-on');
  const reportFile = path.join(outDir, 'report.json');
  await writeFile(reportFile, JSON.stringify(report, null, 2));
  return { report: reportFile, poseTracks, stills };
}

/** ffmpeg filters turning a picture clockwise by each UprightTurn. */
const STILL_TURNS: Record<UprightTurn, string[]> = {
  0: [],
  90: ['transpose=clock'],
  180: ['hflip', 'vflip'],
  270: ['transpose=cclock'],
};

async function writeEventStills(
  outDir: string,
  video: string,
  report: VideoReport,
  prefix: string,
): Promise<Partial<Record<SwingEventName, string>>> {
  const frames = SWING_EVENTS.map((e) => report.events[e].frame);
  const unique = [...new Set(frames)].sort((a, b) => a - b);
  const select = unique.map((n) => `eq(n\\,${n})`).join('+');
  // A video stored on its side: the stills show the golfer upright, as the viewer does.
  const upright = STILL_TURNS[report.pictureTurned ?? 0];
  const { frameRateModeOption } = await ffmpegCapabilities();
  const pattern = path.join(outDir, `${prefix}-still-%d.jpg`);
  const result = await runProcess(
    ffmpegBinaries().ffmpeg.path,
    [
      '-v',
      'error',
      '-y',
      '-i',
      video,
      '-map',
      '0:v:0',
      '-vf',
      [`select='${select}'`, ...upright].join(','),
      frameRateModeOption,
      frameRateModeOption === '-vsync' ? '0' : 'passthrough',
      '-q:v',
      '3',
      pattern,
    ],
    { timeoutMs: 60_000 },
  );
  if (result.code !== 0) throw new Error(`event stills failed: ${result.stderr.slice(0, 300)}`);
  const stills: Partial<Record<SwingEventName, string>> = {};
  const byFrame = new Map<number, string>();
  for (const event of SWING_EVENTS) {
    const frame = report.events[event].frame;
    const file = path.join(outDir, `${prefix}-${event}.jpg`);
    const first = byFrame.get(frame);
    // Two events on one frame share a still: the second gets a copy.
    if (first) await copyFile(first, file);
    else await rename(pattern.replace('%d', String(unique.indexOf(frame) + 1)), file);
    byFrame.set(frame, file);
    stills[event] = file;
  }
  return stills;
}

/** Landmarks rounded to 0.1 px / 1 mm: a tenth of the size, far below what the eye sees. */
function compactTrack(track: PoseTrack) {
  const r = (v: number, k: number) => Math.round(v * k) / k;
  return {
    width: track.width,
    height: track.height,
    fps: track.fps,
    frames: track.frames.map((f) => ({
      i: f.index,
      t: r(f.time, 1000),
      s: r(f.score, 100),
      l: f.landmarks?.map((p) => [r(p.x, 10), r(p.y, 10), r(p.visibility, 100)]) ?? null,
      w: f.world?.map((p) => [r(p.x, 1000), r(p.y, 1000), r(p.z, 1000)]) ?? null,
    })),
  };
}
