import { join } from 'node:path';
import { decodeFrames } from './decode-frames';
import { detectLetterbox, lineMeans } from './detect-letterbox';
import { probeVideo, type VideoInfo } from './probe-video';
import {
  ffmpegRun,
  makeBaseClip,
  makeLetterboxedClip,
  makeTempDir,
  rotateQuarterCounterClockwise,
} from './test-clips';

const temp = makeTempDir('letterbox');
let letterboxed: VideoInfo;
let rotatedLetterbox: VideoInfo;
let pillarboxed: VideoInfo;
let open: VideoInfo;
let dark: VideoInfo;

beforeAll(async () => {
  const [boxedPath, basePath, pillarPath, darkPath] = await Promise.all([
    makeLetterboxedClip(temp.dir),
    makeBaseClip(temp.dir),
    ffmpegRun(
      [
        ...['-f', 'lavfi', '-i', 'testsrc2=size=240x240:rate=30', '-t', '1'],
        ...['-vf', 'pad=400:240:96:0:black', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
      ],
      join(temp.dir, 'pillarbox.mp4'),
    ),
    ffmpegRun(
      ['-f', 'lavfi', '-i', 'color=0x080808:size=320x240:rate=30', '-t', '1', '-c:v', 'libx264'],
      join(temp.dir, 'dark.mp4'),
    ),
  ]);
  const rotatedPath = await rotateQuarterCounterClockwise(boxedPath, join(temp.dir, 'rot.mp4'));
  [letterboxed, open, pillarboxed, dark, rotatedLetterbox] = await Promise.all(
    [boxedPath, basePath, pillarPath, darkPath, rotatedPath].map((path) => probeVideo(path)),
  );
});

afterAll(() => temp.remove());

describe('detectLetterbox', () => {
  it('finds the picture between black bars above and below', async () => {
    expect(await detectLetterbox(letterboxed)).toEqual({ x: 0, y: 70, width: 320, height: 180 });
  });

  it('finds pillarbox bars, and works in upright coordinates on rotated video', async () => {
    expect(await detectLetterbox(pillarboxed)).toEqual({ x: 96, y: 0, width: 240, height: 240 });
    // Stored 320x320 with bars top and bottom, shown a quarter turn: bars left and right.
    expect(await detectLetterbox(rotatedLetterbox)).toEqual({
      x: 70,
      y: 0,
      width: 180,
      height: 320,
    });
  });

  it('returns the full frame when there are no bars, or the whole picture is dark', async () => {
    expect(await detectLetterbox(open)).toEqual({ x: 0, y: 0, width: 320, height: 240 });
    expect(await detectLetterbox(dark)).toEqual({ x: 0, y: 0, width: 320, height: 240 });
  });

  it('gives a crop that decodeFrames applies before scaling', async () => {
    const crop = await detectLetterbox(letterboxed);
    const decoding = decodeFrames(letterboxed, { crop, size: { longSide: 160 } });
    expect(decoding).toMatchObject({ width: 160, height: 90 });
    for await (const frame of decoding.frames) {
      const { rows } = lineMeans(frame.data, 160, 0, 90);
      expect(Math.min(...rows)).toBeGreaterThan(24);
      break;
    }
  });
});

describe('lineMeans', () => {
  it('averages luma per row and per column', () => {
    // 2x2: white, black / black, black.
    const rgb = new Uint8Array([255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const { rows, columns } = lineMeans(rgb, 2, 0, 2);
    expect(Array.from(rows)).toEqual([expect.closeTo(127.5, 1), 0]);
    expect(Array.from(columns)).toEqual([expect.closeTo(127.5, 1), 0]);
  });
});
