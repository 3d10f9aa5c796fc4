import { copyFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VideoInfo, VideoStreamInfo } from './probe-video';
import {
  checkFileBasics,
  checkVideoInfo,
  formatMegabytes,
  validateUploadedVideo,
  type VideoValidation,
} from './validate-video';
import { MAX_VIDEO_BYTES } from '../../domain/video-upload-rules';
import {
  fakeStreamInfo,
  ffmpegRun,
  makeAudioOnly,
  makeBaseClip,
  makeFastStartCopy,
  makeHevcClip,
  makePicture,
  makeProResClip,
  makeTempDir,
  truncate,
} from './test-clips';

const temp = makeTempDir('validate-video');
const clip = (name: string) => join(temp.dir, name);
const MiB = 1024 * 1024;
let hevc: string | null = null;

/** One tiny clip per accepted container, with a codec that container commonly carries. */
const CONTAINERS: [string, string[]][] = [
  ['clip.mov', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']],
  ['clip.m4v', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']],
  ['clip.3gp', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']],
  ['clip.mkv', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']],
  ['clip.webm', ['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '200k']],
  ['clip-av1.mp4', ['-c:v', 'libaom-av1', '-cpu-used', '8', '-b:v', '200k']],
  ['clip.avi', ['-c:v', 'mpeg4']],
  ['clip.flv', ['-c:v', 'flv']],
  ['clip.mpg', ['-c:v', 'mpeg2video']],
  ['clip.mpeg', ['-c:v', 'mpeg1video', '-f', 'mpeg']],
  ['clip.wmv', ['-c:v', 'wmv2']],
];

beforeAll(async () => {
  const base = await makeBaseClip(temp.dir, 'swing.mp4');
  await Promise.all([
    ...CONTAINERS.map(([name, codec]) =>
      ffmpegRun(
        ['-f', 'lavfi', '-i', 'testsrc2=size=176x144:rate=25', '-t', '0.4', ...codec],
        clip(name),
      ),
    ),
    makeFastStartCopy(base, clip('faststart.mp4')),
    makeProResClip(temp.dir),
    makeHevcClip(temp.dir).then((path) => (hevc = path)),
    makeAudioOnly(temp.dir, 'voice.m4a'),
    // Audio only in an MP4 with a video brand: only the probe can tell.
    ffmpegRun(
      ['-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'aac', '-f', 'mp4'],
      clip('audio-only.mp4'),
    ),
    makePicture(temp.dir, 'photo.png'),
    ffmpegRun(
      ['-f', 'lavfi', '-i', 'color=gray:size=7680x4320', '-frames:v', '1'].concat([
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
      ]),
      clip('8k.mp4'),
    ),
    ffmpegRun(
      ['-f', 'lavfi', '-i', 'testsrc2=size=64x48:rate=2', '-t', '61', '-c:v', 'libx264'],
      clip('long.mp4'),
    ),
  ]);
  copyFileSync(clip('voice.m4a'), clip('voice.mp4'));
  copyFileSync(clip('photo.png'), clip('photo.mp4'));
  truncate(base, clip('half.mp4'));
  truncate(clip('faststart.mp4'), clip('half-faststart.mp4'));
  writeFileSync(clip('notes.mp4'), 'Swing thoughts: keep the head still.\n'.repeat(10));
  writeFileSync(clip('playlist.mp4'), '#EXTM3U\n#EXTINF:1,\nfile:///etc/passwd\n');
  writeFileSync(clip('empty.mp4'), '');
});

afterAll(() => temp.remove());

/** Validates a file of the temp dir as if uploaded under `originalName`. */
function upload(name: string, originalName = name): Promise<VideoValidation> {
  const path = clip(name);
  return validateUploadedVideo({ originalName, path, size: statSync(path).size });
}

const rejection = (title: string, message: string | RegExp) => ({ ok: false, title, message });

describe('validateUploadedVideo', () => {
  it('accepts an H.264 MP4 and returns its probe', async () => {
    const result = await upload('swing.mp4', 'My Swing.MP4');
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.info.video).toMatchObject({ codec: 'h264', frameCount: 60 });
  });

  it.each(CONTAINERS.map(([name]) => [name]))('accepts %s', async (name) => {
    const result = await upload(name);
    expect(result).toMatchObject({ ok: true, info: { video: { width: 176, height: 144 } } });
  });

  it('refuses an empty file', async () => {
    expect(await upload('empty.mp4')).toMatchObject(
      rejection('Invalid Video File', 'Video file appears to be empty'),
    );
    // A size claimed by the caller does not beat the bytes on disk.
    const claimed = await validateUploadedVideo({
      originalName: 'a.mp4',
      path: clip('empty.mp4'),
      size: 5000,
    });
    expect(claimed).toMatchObject({ reason: 'empty' });
  });

  it.each([
    ['text renamed .mp4', 'notes.mp4'],
    ['an HLS playlist renamed .mp4', 'playlist.mp4'],
    ['M4A audio renamed .mp4', 'voice.mp4'],
    ['audio only in an MP4', 'audio-only.mp4'],
    ['a PNG renamed .mp4', 'photo.mp4'],
  ])('refuses %s as not a video', async (_label, name) => {
    expect(await upload(name)).toMatchObject({
      ...rejection('Invalid Video File', 'Selected file is not a video'),
      reason: 'not-video',
    });
  });

  it('names an unsupported extension in capitals', async () => {
    expect(await upload('voice.m4a')).toMatchObject(
      rejection('Video Format Not Supported', 'M4A format is not supported'),
    );
    expect(await upload('photo.png')).toMatchObject(
      rejection('Video Format Not Supported', 'PNG format is not supported'),
    );
  });

  it('refuses HEVC with the iPhone advice', async () => {
    if (!hevc) {
      console.log('HEVC validation skipped: this ffmpeg has no libx265 encoder');
      return;
    }
    const result = await upload('hevc.mp4', 'IMG_0042.MOV');
    expect(result).toMatchObject({ ok: false, reason: 'hevc' });
    if (result.ok) return;
    expect(result.title).toBe('iPhone Video Format Not Supported');
    expect(result.message).toContain('Most Compatible (Settings > Camera > Formats)');
    expect(result.message).toContain('MP4 (H.264)');
    // The probe says the same when the bytes do not (codec hidden from the sniffer).
    const probed = checkVideoInfo(videoInfo({ codec: 'hevc' }));
    expect(probed).toMatchObject({ title: 'iPhone Video Format Not Supported' });
  });

  it('refuses ProRes with the export advice', async () => {
    const result = await upload('prores.mov');
    expect(result).toMatchObject({
      ok: false,
      reason: 'prores',
      title: 'Professional Video Format Not Supported',
      message: expect.stringContaining('H.264 MP4'),
    });
    expect(checkVideoInfo(videoInfo({ codec: 'prores' }))).toMatchObject({ reason: 'prores' });
  });

  it('refuses a truncated upload as damaged', async () => {
    for (const name of ['half.mp4', 'half-faststart.mp4']) {
      expect(await upload(name)).toMatchObject({
        ...rejection('Invalid Video File', /damaged or incomplete/),
        reason: 'damaged',
      });
    }
  });

  it('refuses video above 4K', async () => {
    expect(await upload('8k.mp4')).toMatchObject({
      ok: false,
      reason: 'resolution',
      title: 'Video Format Not Supported',
      message: expect.stringContaining('(7680x4320) is above the 4K limit'),
    });
    const uhdPortrait = videoInfo({ uprightWidth: 2160, uprightHeight: 3840 });
    expect(checkVideoInfo(uhdPortrait).ok).toBe(true);
    expect(checkVideoInfo(videoInfo({ uprightWidth: 4096, uprightHeight: 2160 })).ok).toBe(true);
    expect(checkVideoInfo(videoInfo({ uprightWidth: 5120, uprightHeight: 2880 })).ok).toBe(false);
  });

  it('refuses video longer than a minute', async () => {
    expect(await upload('long.mp4')).toMatchObject({
      ok: false,
      reason: 'duration',
      title: 'Video Too Long',
      message:
        'Video is 61.0 seconds long; the limit is 60 seconds. Please trim it to the swing and ' +
        'upload it again.',
    });
    expect(checkVideoInfo({ ...videoInfo({}), duration: 60 }).ok).toBe(true);
  });
});

describe('checkFileBasics', () => {
  it('passes names and sizes within the rules', () => {
    expect(checkFileBasics('swing.mp4', 1)).toBeNull();
    expect(checkFileBasics('SWING.MOV', MAX_VIDEO_BYTES)).toBeNull();
    expect(checkFileBasics('no-extension', 10)).toBeNull();
    for (const ext of [
      'mp4',
      'mov',
      'avi',
      'mpg',
      'mpeg',
      'wmv',
      'webm',
      'flv',
      'm4v',
      '3gp',
      'mkv',
    ]) {
      expect(checkFileBasics(`a.${ext}`, 10)).toBeNull();
    }
  });

  it('refuses files over 100MB with their size to one decimal', () => {
    expect(checkFileBasics('a.mp4', 150 * MiB)).toEqual({
      ok: false,
      reason: 'too-large',
      title: 'File Too Large',
      message: 'File size (150.0 MB) exceeds 100MB limit',
    });
    expect(checkFileBasics('a.mp4', MAX_VIDEO_BYTES + 1)).toMatchObject({
      message: 'File size (100.1 MB) exceeds 100MB limit',
    });
  });

  it('refuses other extensions, upper-cased', () => {
    expect(checkFileBasics('swing.ogv', 10)).toEqual({
      ok: false,
      reason: 'extension',
      title: 'Video Format Not Supported',
      message: 'OGV format is not supported',
    });
    expect(checkFileBasics('notes.txt', 10)).toMatchObject({
      message: 'TXT format is not supported',
    });
  });

  it('refuses empty files before anything else', () => {
    expect(checkFileBasics('a.txt', 0)).toMatchObject({
      title: 'Invalid Video File',
      message: 'Video file appears to be empty',
    });
  });
});

describe('formatMegabytes', () => {
  it('rounds up to one decimal so an oversized file never reads as 100.0', () => {
    expect(formatMegabytes(104.5 * MiB)).toBe('104.5');
    expect(formatMegabytes(100 * MiB + 1)).toBe('100.1');
    expect(formatMegabytes(250 * MiB)).toBe('250.0');
    expect(formatMegabytes(1536.44 * MiB)).toBe('1536.5');
  });
});

function videoInfo(overrides: Partial<VideoStreamInfo>): VideoInfo {
  return {
    path: '/tmp/x.mp4',
    sizeBytes: 1000,
    container: 'mov,mp4,m4a,3gp,3g2,mj2',
    containerLongName: null,
    duration: 3,
    hasAudio: false,
    audioOnly: false,
    stillImage: false,
    video: fakeStreamInfo({ duration: 3, frameCount: 90, ...overrides }),
  };
}
