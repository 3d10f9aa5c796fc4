import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ffmpegBinaries } from './ffmpeg-binaries';
import { probeVideo, rotationOf, VideoProbeError } from './probe-video';
import {
  makeAudioOnly,
  makeBaseClip,
  makeCoverArtClip,
  makeFastStartCopy,
  makeHevcClip,
  makePicture,
  makeProResClip,
  makeTempDir,
  makeThumbnailTrackClip,
  makeVariableRateClip,
  rotateQuarterCounterClockwise,
  runningFfmpegChildren,
  truncate,
} from './test-clips';

const temp = makeTempDir('probe-video');
const clip = (name: string) => join(temp.dir, name);
let base: string;
let hevc: string | null;

beforeAll(async () => {
  const { ffmpeg, ffprobe } = ffmpegBinaries();
  console.log(
    `ffmpeg: ${ffmpeg.source} ${ffmpeg.path}; ffprobe: ${ffprobe.source} ${ffprobe.path}`,
  );
  base = await makeBaseClip(temp.dir);
  await Promise.all([
    rotateQuarterCounterClockwise(base, clip('rotated.mp4')),
    makeVariableRateClip(temp.dir),
    makeCoverArtClip(temp.dir, base),
    makeThumbnailTrackClip(temp.dir, base),
    makeAudioOnly(temp.dir),
    makeProResClip(temp.dir),
    makePicture(temp.dir, 'picture.png'),
    makeFastStartCopy(base, clip('faststart.mp4')),
    makeHevcClip(temp.dir).then((path) => (hevc = path)),
  ]);
  truncate(base, clip('half.mp4'));
  truncate(clip('faststart.mp4'), clip('half-faststart.mp4'));
  writeFileSync(clip('text.mp4'), 'Not a video, just some notes renamed to .mp4\n'.repeat(20));
  writeFileSync(clip('empty.mp4'), '');
});

afterAll(() => temp.remove());

describe('probeVideo', () => {
  it('describes the first video stream even when audio comes first', async () => {
    const info = await probeVideo(base);
    expect(info.container).toContain('mp4');
    expect(info.hasAudio).toBe(true);
    expect(info.audioOnly).toBe(false);
    expect(info.stillImage).toBe(false);
    expect(info.video).toMatchObject({
      index: 1,
      codec: 'h264',
      codecTag: 'avc1',
      pixelFormat: 'yuv420p',
      width: 320,
      height: 240,
      rotation: 0,
      uprightWidth: 320,
      uprightHeight: 240,
      sampleAspectRatio: 1,
      avgFrameRate: 30,
      realFrameRate: 30,
      variableFrameRate: false,
      startTime: 0,
      frameCount: 60,
    });
    expect(info.video?.profile).toEqual(expect.any(String));
    expect(info.video?.duration).toBeCloseTo(2, 2);
    expect(info.duration).toBeCloseTo(2, 2);
    expect(info.sizeBytes).toBeGreaterThan(1000);
  });

  it('reads the display matrix as a clockwise turn and swaps the upright size', async () => {
    const info = await probeVideo(clip('rotated.mp4'));
    expect(info.video).toMatchObject({
      width: 320,
      height: 240,
      rotation: 270,
      uprightWidth: 240,
      uprightHeight: 320,
    });
  });

  it('converts display-matrix and legacy-tag rotations the way ffmpeg turns frames', () => {
    expect(rotationOf({ side_data_list: [{ rotation: -90 }] })).toBe(90);
    expect(rotationOf({ side_data_list: [{ rotation: 90 }] })).toBe(270);
    expect(rotationOf({ side_data_list: [{ rotation: 180 }] })).toBe(180);
    expect(rotationOf({ side_data_list: [{ rotation: -180 }] })).toBe(180);
    expect(rotationOf({ tags: { rotate: '90' } })).toBe(90);
    expect(rotationOf({ tags: { rotate: '270' } })).toBe(270);
    expect(rotationOf({ side_data_list: [{ rotation: -88 }] })).toBe(90);
    expect(rotationOf({})).toBe(0);
  });

  it('flags a variable frame rate from the packet timestamps', async () => {
    const info = await probeVideo(clip('vfr.mp4'));
    expect(info.video?.variableFrameRate).toBe(true);
    expect(info.video?.frameCount).toBe(60);
    expect(info.video?.realFrameRate).toBe(60);
    // 60 frames over the 1.97 s the timestamps span.
    expect(info.video?.avgFrameRate).toBeGreaterThan(29);
    expect(info.video?.avgFrameRate).toBeLessThan(32);
  });

  it('skips an attached cover picture', async () => {
    const info = await probeVideo(clip('cover.mp4'));
    expect(info.video).toMatchObject({ codec: 'h264', width: 320, frameCount: 60 });
  });

  it('skips a one-frame thumbnail track in a .mov', async () => {
    const info = await probeVideo(clip('thumbnail.mov'));
    expect(info.video).toMatchObject({ index: 1, codec: 'h264', frameCount: 60 });
  });

  it('reports audio-only files', async () => {
    const info = await probeVideo(clip('audio.m4a'));
    expect(info).toMatchObject({ video: null, hasAudio: true, audioOnly: true, stillImage: false });
  });

  it('reports pictures as still images', async () => {
    const info = await probeVideo(clip('picture.png'));
    expect(info).toMatchObject({ video: null, audioOnly: false, stillImage: true });
  });

  it('reads codec and profile of HEVC and ProRes', async () => {
    const prores = await probeVideo(clip('prores.mov'));
    expect(prores.video).toMatchObject({ codec: 'prores', codecTag: 'apch' });
    expect(prores.video?.profile).toMatch(/HQ/);
    if (!hevc) {
      console.log('HEVC probe skipped: this ffmpeg has no libx265 encoder');
      return;
    }
    const info = await probeVideo(hevc);
    expect(info.video).toMatchObject({ codec: 'hevc', codecTag: 'hvc1', profile: 'Main' });
  });

  it.each([
    ['text renamed .mp4', 'text.mp4', 'unreadable'],
    ['an empty file', 'empty.mp4', 'unreadable'],
    ['an mp4 cut in half (moov lost)', 'half.mp4', 'unreadable'],
    ['a fast-start mp4 cut in half', 'half-faststart.mp4', 'truncated'],
    ['a missing file', 'nope.mp4', 'failed'],
  ])('fails cleanly on %s', async (_label, name, reason) => {
    const error = await probeVideo(clip(name)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoProbeError);
    expect((error as VideoProbeError).reason).toBe(reason);
    expect((error as VideoProbeError).message.length).toBeGreaterThan(10);
  });

  it('kills ffprobe at the deadline (a FIFO nobody writes to blocks it)', async () => {
    const fifo = clip('stalled.mp4');
    execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    const error = await probeVideo(fifo, { timeoutMs: 300 }).catch((e: unknown) => e);
    expect((error as VideoProbeError).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(runningFfmpegChildren()).toEqual([]);
  });
});
