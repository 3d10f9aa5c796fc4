/**
 * The decoder on the real swing clips: frame numbering must match the labels exactly (events are
 * scored within a few frames), and the decode cost of a 120 fps clip is reported.
 */
import { join } from 'node:path';
import { decodeFrames } from './decode-frames';
import { detectLetterbox } from './detect-letterbox';
import { ffmpegBinaries } from './ffmpeg-binaries';
import { probeVideo } from './probe-video';
import { countDecodedFrames, withSwingFixtures, type SwingFixtures } from './test-clips';

withSwingFixtures('decodes the real swing clips', describeFixtures);

function describeFixtures({ dir, clips }: SwingFixtures) {
  describe('decodeFrames on the real swing clips', () => {
    it.each(clips.map((clip) => [clip.file, clip] as const))(
      '%s: one frame per labelled frame, numbered from 0, timed by the clip',
      async (_file, clip) => {
        const info = await probeVideo(join(dir, clip.file));
        expect(info.video?.frameCount).toBe(clip.frames);
        const times: number[] = [];
        let expectedIndex = 0;
        for await (const frame of decodeFrames(info, { size: { longSide: 96 } }).frames) {
          expect(frame.index).toBe(expectedIndex);
          expectedIndex += 1;
          times.push(frame.time);
        }
        expect(times.length).toBe(clip.frames);
        expect(times[0]).toBeCloseTo(0, 6);
        for (let i = 1; i < times.length; i += 1) expect(times[i]).toBeGreaterThan(times[i - 1]);
        expect(times.at(-1)).toBeCloseTo((clip.frames - 1) / clip.fps, 2);
      },
    );

    it('matches ffprobe -count_frames on the unlabelled clip too', async () => {
      const info = await probeVideo(join(dir, 'dtl_unlabeled.mp4'));
      let frames = 0;
      for await (const frame of decodeFrames(info, { size: { longSide: 96 } }).frames) {
        expect(frame.index).toBe(frames);
        frames += 1;
      }
      expect(frames).toBe(await countDecodedFrames(info.path, info.video?.index ?? 0));
      expect(frames).toBe(info.video?.frameCount);
    });

    it('decodes fo_120fps_indoor.mp4 at 256 px quickly (decode only)', async () => {
      const info = await probeVideo(join(dir, 'fo_120fps_indoor.mp4'));
      const decoding = decodeFrames(info, { size: { longSide: 256 } });
      const started = performance.now();
      let frames = 0;
      for await (const frame of decoding.frames) {
        frames += frame.data.length > 0 ? 1 : 0;
      }
      const elapsed = performance.now() - started;
      const { ffmpeg } = ffmpegBinaries();
      console.log(
        `decode-only fo_120fps_indoor.mp4 (1016x1200, ${frames} frames) to ` +
          `${decoding.width}x${decoding.height} RGB: ${elapsed.toFixed(0)} ms, ` +
          `${((frames * 1000) / elapsed).toFixed(0)} frames/s (ffmpeg: ${ffmpeg.source})`,
      );
      expect(frames).toBe(360);
      // About 1 s on a 2-core machine; a 10x regression fails.
      expect(elapsed).toBeLessThan(10_000);
    });

    it('finds the bars of the letterboxed clip and none elsewhere', async () => {
      const boxed = await detectLetterbox(await probeVideo(join(dir, 'dtl_phase_labeled_1.mp4')));
      // cropdetect: 360x452 at y=94.
      expect(boxed.x).toBe(0);
      expect(boxed.width).toBe(360);
      expect(Math.abs(boxed.y - 94)).toBeLessThanOrEqual(4);
      expect(Math.abs(boxed.y + boxed.height - 546)).toBeLessThanOrEqual(4);
      const open = await detectLetterbox(await probeVideo(join(dir, 'dtl_phase_labeled_3.mp4')));
      expect(open).toEqual({ x: 0, y: 0, width: 360, height: 640 });
    });
  });
}
