import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import {
  decodeFilterGraph,
  decodeFrames,
  outputFrameSize,
  VideoDecodeError,
  type DecodedFrame,
  type DecodeOptions,
} from './decode-frames';
import { probeVideo, type VideoInfo } from './probe-video';
import {
  countDecodedFrames,
  fakeStreamInfo,
  ffmpegReferenceFrames,
  ffmpegRun,
  makeBaseClip,
  makeCornerMarkClip,
  makeTempDir,
  makeVariableRateClip,
  rotateQuarterCounterClockwise,
  runningFfmpegChildren,
  VARIABLE_RATE_TIMES,
} from './test-clips';

const temp = makeTempDir('decode-frames');
let base: VideoInfo;
let variable: VideoInfo;
let corner: VideoInfo;
let rotated: VideoInfo;

beforeAll(async () => {
  const [basePath, vfrPath, cornerPath] = await Promise.all([
    makeBaseClip(temp.dir),
    makeVariableRateClip(temp.dir),
    makeCornerMarkClip(temp.dir),
  ]);
  const rotatedPath = await rotateQuarterCounterClockwise(cornerPath, join(temp.dir, 'rot.mp4'));
  [base, variable, corner, rotated] = await Promise.all(
    [basePath, vfrPath, cornerPath, rotatedPath].map((path) => probeVideo(path)),
  );
});

afterAll(() => temp.remove());

async function collect(info: VideoInfo, options: DecodeOptions = {}): Promise<DecodedFrame[]> {
  const frames: DecodedFrame[] = [];
  for await (const frame of decodeFrames(info, options).frames) frames.push(frame);
  return frames;
}

const stream = fakeStreamInfo;

describe('outputFrameSize', () => {
  it('keeps the aspect for a long side and never enlarges', () => {
    expect(outputFrameSize(stream({}), { longSide: 640 })).toEqual({ width: 640, height: 360 });
    expect(outputFrameSize(stream({}))).toEqual({ width: 640, height: 360 });
    const portrait = stream({ rotation: 90, uprightWidth: 1080, uprightHeight: 1920 });
    expect(outputFrameSize(portrait, { longSide: 256 })).toEqual({ width: 144, height: 256 });
    expect(outputFrameSize(stream({}), { longSide: 4000 })).toEqual({ width: 1920, height: 1080 });
  });

  it('keeps the aspect for a short side and never enlarges', () => {
    expect(outputFrameSize(stream({}), { shortSide: 360 })).toEqual({ width: 640, height: 360 });
    const portrait = stream({ rotation: 90, uprightWidth: 1080, uprightHeight: 1920 });
    expect(outputFrameSize(portrait, { shortSide: 360 })).toEqual({ width: 360, height: 640 });
    expect(outputFrameSize(stream({}), { shortSide: 2000 })).toEqual({ width: 1920, height: 1080 });
  });

  it('uses an exact size as given, a crop, and squares anamorphic pixels', () => {
    expect(outputFrameSize(stream({}), { width: 256, height: 256 })).toEqual({
      width: 256,
      height: 256,
    });
    const crop = { x: 0, y: 140, width: 1920, height: 800 };
    expect(outputFrameSize(stream({}), { longSide: 480 }, crop)).toEqual({
      width: 480,
      height: 200,
    });
    const dv = stream({ width: 720, height: 480, uprightWidth: 720, uprightHeight: 480 });
    expect(outputFrameSize({ ...dv, sampleAspectRatio: 8 / 9 }, { longSide: 640 })).toEqual({
      width: 640,
      height: 480,
    });
  });

  it('builds the filter graph with numbering before selection and turning after it', () => {
    const graph = decodeFilterGraph(
      stream({ rotation: 90, uprightWidth: 1080, uprightHeight: 1920, startTime: 0.5 }),
      { start: 1, end: 2, step: 4 },
      144,
      256,
    );
    expect(graph).toBe(
      'trim=end=2.550000,showinfo@pre=checksum=0,' +
        "select='lte(t\\,2.500001)*gte(t\\,1.499999)*not(mod(n\\,4))',transpose=clock," +
        'scale=144:256:flags=area,showinfo@post=checksum=0',
    );
  });
});

describe('decodeFrames', () => {
  it('emits every decoded frame with its index and time, at the requested size', async () => {
    const decoding = decodeFrames(base, { size: { longSide: 128 } });
    expect(decoding).toMatchObject({ width: 128, height: 96, frameBytes: 128 * 96 * 3 });
    const frames: DecodedFrame[] = [];
    for await (const frame of decoding.frames) frames.push(frame);
    expect(frames.length).toBe(await countDecodedFrames(base.path, 1));
    expect(frames.length).toBe(60);
    frames.forEach((frame, i) => {
      expect(frame.index).toBe(i);
      expect(frame.time).toBeCloseTo(i / 30, 6);
      expect(frame.data.length).toBe(128 * 96 * 3);
    });
  });

  it('keeps variable frame rate timing (no duplicated or dropped frames)', async () => {
    const frames = await collect(variable, { size: { longSide: 64 } });
    expect(frames.length).toBe(await countDecodedFrames(variable.path, 0));
    expect(frames.map((f) => f.index)).toEqual(VARIABLE_RATE_TIMES.map((_, i) => i));
    frames.forEach((frame, i) => expect(frame.time).toBeCloseTo(VARIABLE_RATE_TIMES[i], 3));
  });

  it('skips the frames an MP4 edit list hides (a clip trimmed without re-encoding)', async () => {
    // Cutting at 0.5 s with -c copy keeps the 15 frames since the key frame, flagged discard.
    const cut = await probeVideo(
      await ffmpegRun(['-ss', '0.5', '-i', base.path, '-c', 'copy'], join(temp.dir, 'cut.mp4')),
    );
    expect(cut.video?.frameCount).toBe(45);
    const frames = await collect(cut, { size: { longSide: 32 } });
    expect(frames.length).toBe(await countDecodedFrames(cut.path, cut.video?.index ?? -1));
    expect(frames.length).toBe(45);
    frames.forEach((frame, i) => {
      expect(frame.index).toBe(i);
      expect(frame.time).toBeCloseTo(i / 30, 6);
    });
  });

  it('emits a time window, inclusive, with absolute indices', async () => {
    const frames = await collect(base, { size: { longSide: 32 }, start: 0.5, end: 1 });
    expect(frames.map((f) => f.index)).toEqual(Array.from({ length: 16 }, (_, i) => 15 + i));
  });

  it('emits every step-th frame, also inside a window and on variable rate', async () => {
    const coarse = await collect(base, { size: { longSide: 32 }, step: 8 });
    expect(coarse.map((f) => f.index)).toEqual([0, 8, 16, 24, 32, 40, 48, 56]);
    expect(coarse[1].time).toBeCloseTo(8 / 30, 6);
    const windowed = await collect(base, { size: { longSide: 32 }, step: 4, start: 0.5, end: 1 });
    expect(windowed.map((f) => f.index)).toEqual([16, 20, 24, 28]);
    const vfr = await collect(variable, { size: { longSide: 32 }, step: 10, start: 0.4 });
    expect(vfr.map((f) => f.index)).toEqual([30, 40, 50]);
    expect(vfr.map((f) => f.time)).toEqual(
      [30, 40, 50].map((i) => expect.closeTo(VARIABLE_RATE_TIMES[i], 3)),
    );
  });

  it.each([
    ['AV1', 'av1.mp4', ['-c:v', 'libaom-av1', '-cpu-used', '8', '-b:v', '300k']],
    ['VP9', 'vp9.webm', ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-b:v', '300k']],
  ])(
    'decodes %s, as newer phones, browsers and broadcast downloads carry it',
    async (_, name, codec) => {
      const copy = await probeVideo(
        await ffmpegRun(['-i', base.path, ...codec], join(temp.dir, name)),
      );
      const frames = await collect(copy, { size: { longSide: 128 } });
      expect(frames.length).toBe(60);
      // WebM keeps times in milliseconds.
      frames.forEach((frame, i) => expect(frame.time).toBeCloseTo(i / 30, 3));
      // The same picture as the H.264 original, within what a lossy codec changes.
      const [original] = await collect(base, { size: { longSide: 128 }, end: 0 });
      const meanDifference =
        frames[0].data.reduce((sum, value, k) => sum + Math.abs(value - original.data[k]), 0) /
        original.data.length;
      expect(meanDifference).toBeLessThan(12);
    },
  );

  it('turns rotated video upright, as ffmpeg itself displays it', async () => {
    const decoding = decodeFrames(rotated, { size: { longSide: 320 } });
    expect(decoding).toMatchObject({ width: 240, height: 320 });
    const [frame] = await collect(rotated, { size: { longSide: 320 } });
    // The white block was top-left in the stored frame; a quarter turn counter-clockwise puts it
    // bottom-left.
    const luma = (x: number, y: number) => frame.data[(y * 240 + x) * 3];
    expect(luma(20, 300)).toBeGreaterThan(200);
    expect(luma(20, 20)).toBeLessThan(50);
    expect(luma(220, 20)).toBeLessThan(50);
    // Same pixels as ffmpeg's own autorotate, and as the unrotated clip turned here.
    const [reference] = await ffmpegReferenceFrames(rotated.path, 240, 320);
    expect(meanAbsoluteDifference(frame.data, reference)).toBeLessThan(2);
    const [upright] = await collect(corner, { size: { longSide: 320 } });
    const turned = turnCounterClockwise(upright.data, 320, 240);
    expect(meanAbsoluteDifference(frame.data, turned)).toBeLessThan(2);
  });

  it('holds ffmpeg back while the consumer is busy, and kills it on break', async () => {
    const decoding = decodeFrames(base, { size: { longSide: 320 } });
    let seen = 0;
    for await (const frame of decoding.frames) {
      seen += 1;
      if (seen === 1) {
        expect(frame.index).toBe(0);
        // 60 frames of 230 kB do not fit in the pipe: ffmpeg must still be waiting.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(runningFfmpegChildren()).toHaveLength(1);
      }
      if (seen === 3) break;
    }
    expect(seen).toBe(3);
    expect(runningFfmpegChildren()).toEqual([]);
  });

  it('kills ffmpeg at the deadline', async () => {
    const fifo = join(temp.dir, 'stalled.mp4');
    execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    const error = await collect({ ...base, path: fifo }, { timeoutMs: 300 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(VideoDecodeError);
    expect((error as VideoDecodeError).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(runningFfmpegChildren()).toEqual([]);
  });

  it('rejects bad options and files without video', () => {
    expect(() => decodeFrames(base, { step: 0 })).toThrow(RangeError);
    expect(() => decodeFrames(base, { start: 2, end: 1 })).toThrow(RangeError);
    expect(() => decodeFrames({ ...base, video: null })).toThrow(VideoDecodeError);
    const crop = { x: 100, y: 0, width: 300, height: 240 };
    expect(() => decodeFrames(base, { crop })).toThrow(/outside the upright frame/);
  });
});

function meanAbsoluteDifference(a: Uint8Array, b: Uint8Array): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

/** RGB24 frame turned a quarter counter-clockwise: (x, y) goes to (y, width - 1 - x). */
function turnCounterClockwise(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(rgb.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const from = (y * width + x) * 3;
      const to = ((width - 1 - x) * height + y) * 3;
      out.set(rgb.subarray(from, from + 3), to);
    }
  }
  return out;
}
