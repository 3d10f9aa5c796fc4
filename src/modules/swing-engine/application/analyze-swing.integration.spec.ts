/**
 * @jest-environment ./test/support/onnxruntime-environment.js
 *
 * The whole engine on real footage: repeatable reports, handedness of a mirrored clip, and a
 * reason for two golfers, no swing and darkness; and clear failures for clips made with ffmpeg
 * (no golfer, too short, black), which run without the footage.
 */
import { statSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  makeTempDir,
  ffmpegRun,
  ffprobeJson,
  withSlowMotionReplay,
  withSwingFixtures,
} from '../infrastructure/video/test-clips';
import { writeArtifacts } from '../infrastructure/artifacts/write-artifacts';
import { AnalysisFailure } from './analysis-failure';
import { analyzeSwing } from '../compose';
import type { SwingReport } from '../domain/swing-report';

const temp = makeTempDir('engine-');
afterAll(() => temp.remove());
const upload = (file: string) => ({
  originalName: basename(file),
  path: file,
  size: statSync(file).size,
});

/** Each of these events of the face-on report within `tolerance` frames of its label. */
function expectEventsNear(
  report: SwingReport,
  labels: Partial<Record<keyof SwingReport['faceOn']['events'], number>>,
  tolerance: number,
): void {
  for (const [event, label] of Object.entries(labels)) {
    const frame = report.faceOn.events[event as keyof typeof labels].frame;
    expect(Math.abs(frame - label)).toBeLessThanOrEqual(tolerance);
  }
}

/**
 * On a copy cut and stacked or replayed, the top lands within 2 frames of its label: its
 * likelihood lies flat over the frames round the top, and the landmark model's arithmetic differs
 * with the CPU's instruction set, which moved these copies' top from 47 to 45 on an AVX2 machine
 * (research note 0007, twenty-seventh session). Impact is sharp, and within 1.
 */
const EDITED_TOP_TOLERANCE = 2;

/** A picture file's width and height, as ffprobe reads them. */
async function pictureSize(file: string): Promise<{ width: number; height: number }> {
  const { streams } = (await ffprobeJson(file, ['-show_streams'])) as {
    streams: Array<{ width: number; height: number }>;
  };
  return { width: streams[0]!.width, height: streams[0]!.height };
}

/** The failure analyzeSwing ends with on this face-on video (the test fails if it succeeds). */
async function analysisFailure(file: string): Promise<AnalysisFailure> {
  const error = await analyzeSwing({ faceOn: upload(file) }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AnalysisFailure);
  return error as AnalysisFailure;
}

/** A clip from one of ffmpeg's generated sources (lavfi), made for the test. */
function generatedClip(name: string, source: string, seconds: number): Promise<string> {
  return ffmpegRun(
    ['-f', 'lavfi', '-i', source, '-t', String(seconds), '-pix_fmt', 'yuv420p'],
    join(temp.dir, name),
  );
}

withSwingFixtures('analyses the real swing clips', (fixtures) => {
  const clip = join(fixtures.dir, 'fo_pro_iron_a.mp4');

  describe('analyzeSwing on fo_pro_iron_a.mp4', () => {
    let original: SwingReport | undefined;

    it('gives an identical report twice', async () => {
      const first = await analyzeSwing({ faceOn: upload(clip) });
      original = first.report;
      const second = await analyzeSwing({ faceOn: upload(clip) });
      expect(second.report).toEqual(first.report);
      expect(first.report.faceOn.handedness).toBe('right');
      expect(first.report.faceOn.view).toBe('face-on');
      expect(first.report.faceOn.swingsFoundAtLeast).toBe(false);
      // Labels: top 47, impact 54 (tolerance 1); `npm run eval:events` is where event accuracy
      // is measured over all the clips.
      expectEventsNear(first.report, { top: 47, impact: 54 }, 1);
    }, 60_000);

    it('measures a clip stored on its side (no rotation tag) as if filmed upright', async () => {
      const sideways = join(temp.dir, 'sideways.mp4');
      // Turned a quarter clockwise in the pixels themselves, losslessly, as an app that drops
      // the rotation tag hands it over.
      await ffmpegRun(
        ['-i', clip, '-vf', 'transpose=1', '-an', '-c:v', 'libx264', '-qp', '0'],
        sideways,
      );
      const { report, tracks } = await analyzeSwing({ faceOn: upload(sideways) });
      expect(report.faceOn.pictureTurned).toBe(270);
      // It read as a golfer bent double, seen down the line.
      expect(report.faceOn.view).toBe('face-on');
      expect(report.faceOn.handedness).toBe('right');
      expectEventsNear(report, { top: 47, impact: 54 }, 2);
      const spine = (r: SwingReport) =>
        r.faceOn.metrics.find((m) => m.key === 'spineAngleAddress')!.value;
      expect(Math.abs(spine(report) - spine(original!))).toBeLessThanOrEqual(3);
      expect(original!.faceOn.pictureTurned).toBeUndefined();
      // Its stills show the golfer upright, as the viewer does: the clip's 720x1280 turned.
      const { stills } = await writeArtifacts(join(temp.dir, 'sideways-out'), report, tracks, {
        faceOn: sideways,
      });
      expect(await pictureSize(stills.address!)).toEqual({ width: 1280, height: 720 });
    }, 60_000);

    it('sees a left-handed golfer in the mirrored clip', async () => {
      const mirrored = join(temp.dir, 'mirrored.mp4');
      // Mirrored losslessly: a second lossy encoding alone moves these readings by up to 4.5
      // degrees (decision 0013), which is the copies' measure (eval:events --reencode), not
      // this one.
      await ffmpegRun(['-i', clip, '-vf', 'hflip', '-an', '-c:v', 'libx264', '-qp', '0'], mirrored);
      const { report } = await analyzeSwing({ faceOn: upload(mirrored) });
      expect(report.faceOn.handedness).toBe('left');
      expectEventsNear(report, { impact: 54 }, 1);
      // The same rotations within 3 degrees (the check).
      const value = (r: SwingReport, key: string) => r.faceOn.metrics.find((m) => m.key === key)!;
      for (const key of ['shoulderTurn', 'hipTurn', 'xFactor']) {
        expect(
          Math.abs(value(report, key).value - value(original!, key).value),
        ).toBeLessThanOrEqual(3);
      }
    }, 60_000);
  });

  it('analyses the swing filmed in real time, not the slow-motion replay joined after it', async () => {
    // Its frames 10-100 (address to finish) replayed at a quarter of the speed after it.
    const replayed = await withSlowMotionReplay(clip, [10, 100], join(temp.dir, 'replayed.mp4'));
    const { report } = await analyzeSwing({ faceOn: upload(replayed) });
    expect(report.faceOn.replaySeen).toBe(true);
    expectEventsNear(report, { impact: 54 }, 1);
    expectEventsNear(report, { top: 47 }, EDITED_TOP_TOLERANCE);
  }, 120_000);

  it('counts the swings of a long range session as at least those posed densely', async () => {
    // Seven swings in 29 s: the dense pass covers at most 20 s of them, so the count read off
    // its frames is a lower bound, and the report says so.
    const session = await ffmpegRun(
      [
        ...['-stream_loop', '6', '-i', clip, '-an', '-vf', 'scale=640:360'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '22'],
      ],
      join(temp.dir, 'range-session.mp4'),
    );
    const { report } = await analyzeSwing({ faceOn: upload(session) });
    expect(report.faceOn.swingsFound).toBeGreaterThanOrEqual(2);
    expect(report.faceOn.swingsFound).toBeLessThan(7);
    expect(report.faceOn.swingsFoundAtLeast).toBe(true);
    // One of the seven swings, whole: each repeats the clip's 125 frames (top 47, impact 54).
    const { top, impact } = report.faceOn.events;
    expect(Math.floor(top.frame / 125)).toBe(Math.floor(impact.frame / 125));
    expect(Math.abs((top.frame % 125) - 47)).toBeLessThanOrEqual(1);
    expect(Math.abs((impact.frame % 125) - 54)).toBeLessThanOrEqual(1);
  }, 120_000);

  /** `source` re-encoded through an ffmpeg video filter, then analysed. */
  async function analysedThrough(source: string, filter: string): Promise<SwingReport> {
    const copy = await ffmpegRun(
      [
        ...['-i', source, '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '22'],
        '-vf',
        filter,
      ],
      join(temp.dir, `filtered-${basename(source)}`),
    );
    return (await analyzeSwing({ faceOn: upload(copy) })).report;
  }

  it('finds a golfer filmed from afar, a quarter of the frame high, and their swing', async () => {
    // As a broadcast or a phone at the back of the range frames them: the whole-frame detector
    // alone found nobody here.
    const report = await analysedThrough(
      clip,
      'scale=trunc(iw/8)*2:trunc(ih/8)*2,pad=iw*4:ih*4:(ow-iw)/2:(oh-ih)/2:color=0x406030',
    );
    expectEventsNear(report, { impact: 54, top: 47 }, 1);
  }, 120_000);

  it('finds the golfer of a portrait clip whose picture fills half of it', async () => {
    // A landscape clip set in a portrait frame, as a phone app exports it: in the flat padding
    // the closer look once saw a 'person' bigger than the golfer, with a box of no height.
    const report = await analysedThrough(
      join(fixtures.dir, 'fo_120fps_indoor.mp4'),
      'scale=720:-2,pad=1080:1920:(ow-iw)/4:(oh-ih)*2/3:color=0x506040',
    );
    // Labels: top 198, impact 239 (tolerance 5).
    expectEventsNear(report, { impact: 239, top: 198 }, 5);
  }, 120_000);

  it('finds the address of a swing filmed by a drifting hand-held camera', async () => {
    // The picture cropped to 85% with the crop swinging left and right, up to a tenth of the
    // width a second: the hands drift with the camera, and read as posed no rest was found
    // before the takeaway (the address came 24 frames early).
    const report = await analysedThrough(
      clip,
      'crop=trunc(iw*0.85/2)*2:trunc(ih*0.85/2)*2:(iw-ow)/2*(1+sin(2*PI*t/4.7)):(ih-oh)/2',
    );
    // Labels: address 24, impact 54 (tolerance 1).
    expectEventsNear(report, { address: 24, impact: 54 }, 1);
  }, 120_000);

  it('finds the swing of a camera jerked from frame to frame, without seeing cuts', async () => {
    // The picture cropped to 90% and shifted by up to 3% of its width from one frame to the
    // next: the scene-cut test read 54 of the 125 frames as cuts, and no swing was found.
    const report = await analysedThrough(
      clip,
      'crop=trunc(iw*0.9/2)*2:trunc(ih*0.9/2)*2:(iw-ow)/2*(1+0.3*sin(n*1.7)):(ih-oh)/2*(1+0.3*cos(n*2.3))',
    );
    // Labels: top 47, impact 54 (tolerance 1).
    expectEventsNear(report, { top: 47, impact: 54 }, 1);
  }, 120_000);

  it('analyses a dim clip whose golfer can still be seen, as at dusk', async () => {
    // Darkened to a mean brightness of about 17 of 255, below the too-dark bar (25): the
    // golfer stays plain to the eye and to the pose model, so darkness alone is no reason to
    // refuse the clip (it was refused with 'Video Too Dark').
    const report = await analysedThrough(clip, 'eq=brightness=-0.3:contrast=0.6');
    expectEventsNear(report, { top: 47, impact: 54 }, 1);
    // The address moves between 21 and 24 with any small change to the picture (the original
    // clip's is 21): within the original's own error of the label.
    expectEventsNear(report, { address: 24 }, 3);
  }, 120_000);

  /**
   * The clip through an ffmpeg filter graph, encoded losslessly, then analysed: a lossy copy
   * alone moves this clip's top by up to 2 frames (crf 18, 23), the copies' measure
   * (eval:events --reencode), not these tests'.
   */
  async function analysedThroughGraph(name: string, graph: string): Promise<SwingReport> {
    const copy = await ffmpegRun(
      ['-i', clip, '-filter_complex', graph, '-an', '-c:v', 'libx264', '-qp', '0'],
      join(temp.dir, name),
    );
    return (await analyzeSwing({ faceOn: upload(copy) })).report;
  }

  it('analyses the golfer when a second person stands by, as a coach or a playing partner', async () => {
    // The golfer's half of the frame next to its first frame held still and mirrored: a
    // second person as big and as clear, who does not swing. It was refused as 'several people'.
    const report = await analysedThroughGraph(
      'golfer-and-coach.mp4',
      '[0]crop=640:720:320:0,split[a][b];' +
        '[b]trim=end_frame=1,loop=loop=200:size=1,setpts=N/30/TB,hflip[c];[a][c]hstack=shortest=1',
    );
    // Labels: top 47, impact 54 (tolerance 1).
    expectEventsNear(report, { impact: 54 }, 1);
    expectEventsNear(report, { top: 47 }, EDITED_TOP_TOLERANCE);
  }, 60_000);

  it('follows the golfer who swings, not a bigger person standing by', async () => {
    // The golfer shrunk to 80% beside a still person at full size: the detector's surest person
    // was the one standing by, and 'No swing was found'.
    const report = await analysedThroughGraph(
      'golfer-and-bigger-bystander.mp4',
      '[0]crop=640:720:320:0,split[a][b];[a]scale=512:576,pad=640:720:64:144:color=0x406030[g];' +
        '[b]trim=end_frame=1,loop=loop=200:size=1,setpts=N/30/TB,hflip[c];[g][c]hstack=shortest=1',
    );
    // Labels: top 47, impact 54 (tolerance 1).
    expectEventsNear(report, { top: 47, impact: 54 }, 1);
  }, 120_000);

  it('analyses a long clip whose second person left before the swing', async () => {
    // Ten seconds: the golfer holds still at address for six, then swings; beside them a person
    // for the first four seconds, then grass. The coarse pass sees two people; where the swing
    // is, the golfer is alone.
    const report = await analysedThroughGraph(
      'second-person-walked-off.mp4',
      '[0]crop=640:720:320:0,split=3[a][b][f];' +
        '[f]trim=end_frame=1,loop=loop=179:size=1,setpts=N/30/TB[lead];' +
        '[lead][a]concat=n=2:v=1:a=0[golfer];' +
        '[b]trim=end_frame=1,loop=loop=400:size=1,setpts=N/30/TB,hflip,' +
        "drawbox=c=0x406030:t=fill:enable='gte(t,4)'[c];" +
        '[golfer][c]hstack=shortest=1',
    );
    // Labels, 180 frames on: top 227, impact 234 (tolerance 1).
    expectEventsNear(report, { top: 227, impact: 234 }, 1);
  }, 120_000);

  it('analyses one of two golfers swinging side by side, and says which', async () => {
    // The golfer's half of the frame beside its mirror image a second later: two people as big
    // and as clear, who both swing. It was refused as 'several people'.
    const report = await analysedThroughGraph(
      'two-golfers.mp4',
      '[0]crop=640:720:320:0,split[a][b];[a]tpad=stop=30:stop_mode=clone[l];' +
        '[b]hflip,tpad=start=30:start_mode=clone[r];[l][r]hstack=shortest=1',
    );
    // Labels: top 47, impact 54 (tolerance 1) on the left; 30 frames later on the right.
    const place = report.faceOn.analysedGolferPlace;
    expect(place === 'left' || place === 'right').toBe(true);
    const later = place === 'right' ? 30 : 0;
    expectEventsNear(report, { impact: 54 + later }, 1);
    expectEventsNear(report, { top: 47 + later }, EDITED_TOP_TOLERANCE);
  }, 120_000);

  describe('analyzeSwing fails with its reason on real footage', () => {
    it('when the golfer only stands at address', async () => {
      // The clip's first 18 frames (before the takeaway at 24) looped to 3.6 s.
      const still = join(temp.dir, 'still-golfer.mp4');
      await ffmpegRun(
        ['-i', clip, '-vf', 'trim=end_frame=18,loop=loop=6:size=18,setpts=N/30/TB', '-an'],
        still,
      );
      const error = await analysisFailure(still);
      expect(error.reason).toBe('no-swing');
      expect(error.title).toBe('Swing Not Found');
    }, 60_000);

    it('when the golfer is filmed in the dark', async () => {
      const dark = join(temp.dir, 'dark-golfer.mp4');
      await ffmpegRun(['-i', clip, '-vf', 'eq=brightness=-0.85', '-an'], dark);
      const error = await analysisFailure(dark);
      expect(error.reason).toBe('too-dark');
      expect(error.title).toBe('Video Too Dark');
    }, 60_000);
  });
});

describe('a video without a golfer', () => {
  it('fails with its reason on a long test pattern, after the coarse pose pass alone', async () => {
    // Over 20 s, so the coarse pass runs first; it finds nobody and the dense pass is skipped.
    const pattern = await generatedClip('long-pattern.mp4', 'testsrc2=size=320x180:rate=30', 21);
    expect((await analysisFailure(pattern)).reason).toBe('no-golfer');
  }, 60_000);

  it('fails with its reason on a clip shorter than a second, before posing', async () => {
    const short = await generatedClip('short.mp4', 'testsrc2=size=320x180:rate=30', 0.5);
    const failure = await analysisFailure(short);
    expect(failure.reason).toBe('too-short');
    expect(failure.title).toBe('Video Too Short');
  }, 60_000);

  it('fails with its reason on a black clip', async () => {
    const black = await generatedClip('black.mp4', 'color=black:size=320x180:rate=30', 2);
    expect((await analysisFailure(black)).reason).toBe('too-dark');
  }, 60_000);

  it('fails with its reason on a test pattern without a golfer', async () => {
    const pattern = await generatedClip('pattern.mp4', 'testsrc2=size=640x360:rate=30', 3);
    const failure = await analysisFailure(pattern);
    expect(failure.reason).toBe('no-golfer');
    expect(failure.message).toContain('No golfer was found');
  }, 60_000);
});
