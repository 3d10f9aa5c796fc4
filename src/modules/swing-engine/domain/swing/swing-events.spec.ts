/**
 * The event rules on the shapes real uploads have (issue 17): slow motion with a slow takeaway,
 * a chip, a cut to another camera with another motion after it, a follow-through bigger than
 * the backswing.
 */
import { LANDMARK, type ImageLandmark, type PoseFrame, type PoseTrack } from '../pose-track';
import { detectSwingEvents } from './swing-events';
import { swingSignals } from './swing-signals';
import { DEFAULT_SWING, syntheticTrack } from './synthetic-swing';

const WRISTS = [LANDMARK.leftWrist, LANDMARK.rightWrist];
const events = (track: PoseTrack) => detectSwingEvents(track, swingSignals(track)).positions;
const frameAt = (track: PoseTrack, time: number) =>
  track.frames.findIndex((f) => f.time >= time - 1e-9);

/** Moves the wrists towards (share < 1) or away from their address position. */
function scaleHands(track: PoseTrack, share: number): PoseTrack {
  const address = track.frames[0]!.landmarks!;
  for (const frame of track.frames) {
    const lm = frame.landmarks!;
    for (const k of WRISTS) {
      lm[k] = {
        ...lm[k]!,
        x: address[k]!.x + (lm[k]!.x - address[k]!.x) * share,
        y: address[k]!.y + (lm[k]!.y - address[k]!.y) * share,
      };
    }
  }
  return track;
}

/**
 * Half a second of another shot (the golfer in `held`'s pose, the hands `raise` pixels higher),
 * then a cut to `swing`.
 */
function anotherShotFirst(swing: PoseTrack, held: PoseFrame, raise: number): PoseTrack {
  const before: PoseFrame[] = Array.from({ length: 15 }, (_, i) => ({
    ...held,
    index: i,
    time: i / DEFAULT_SWING.fps,
    landmarks: held.landmarks!.map((p, k) =>
      WRISTS.includes(k as (typeof WRISTS)[number]) ? { ...p, y: p.y - raise } : p,
    ),
  }));
  const after = swing.frames.map((frame, i) => ({
    ...frame,
    index: before.length + i,
    time: frame.time + 0.5,
    ...(i === 0 ? { cut: true } : {}),
  }));
  return { ...swing, frames: [...before, ...after] };
}

/**
 * `swing` (DEFAULT_SWING's times) and then, with no cut marked, its replay at a quarter speed
 * (each frame four times) from 0.5 s before the address to the finish, every point moved by
 * `place`.
 */
function withReplay(swing: PoseTrack, place = (p: ImageLandmark) => p): PoseTrack {
  const replay = swing.frames
    .filter((f) => f.time >= DEFAULT_SWING.address - 0.5 && f.time <= DEFAULT_SWING.finish)
    .flatMap((frame) => [frame, frame, frame, frame])
    .map((frame, i) => ({
      ...frame,
      index: swing.frames.length + i,
      time: (swing.frames.length + i) / DEFAULT_SWING.fps,
      landmarks: frame.landmarks!.map(place),
    }));
  return { ...swing, frames: [...swing.frames, ...replay] };
}

describe('swing events on the shapes uploads have', () => {
  it('places a slow-motion address where the hands leave their rest, not seconds before', () => {
    // Four times slow motion: the swing's times stretched, the takeaway creeping at first.
    const slow = 4;
    const swing = {
      ...DEFAULT_SWING,
      address: 2 * slow,
      top: (2 + 0.9) * slow,
      impact: (2 + 1.2) * slow,
      finish: (2 + 1.6) * slow,
      duration: (2 + 2) * slow,
    };
    const track = syntheticTrack(swing);
    // The landmarks wander a little at rest, as real poses do (2 px, well inside the still
    // radius), faster than a speed threshold scaled down for slow motion allows.
    track.frames.forEach((frame) => {
      if (frame.time >= swing.address) return;
      for (const k of WRISTS) frame.landmarks![k]!.x += 2 * Math.sin(2 * Math.PI * frame.time);
    });
    const found = events(track);
    const tolerance = Math.round((swing.impact - swing.address) * (DEFAULT_SWING.fps / 30));
    expect(Math.abs(found.address - frameAt(track, swing.address))).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(found.impact - frameAt(track, swing.impact))).toBeLessThanOrEqual(tolerance);
  });

  it('places the address where the takeaway starts when one frame of it jitters back', () => {
    // A re-encoded copy's landmarks: one frame early in the takeaway shows the hands where they
    // were three frames before, nearer their rest than the frame before it. The walk back from
    // the departure stopped at it: the address 3 frames late.
    const track = syntheticTrack();
    const address = frameAt(track, DEFAULT_SWING.address);
    const jittered = track.frames[address + 4]!.landmarks!;
    const earlier = track.frames[address + 1]!.landmarks!;
    for (const k of WRISTS) jittered[k] = { ...earlier[k]! };
    expect(Math.abs(events(track).address - address)).toBeLessThanOrEqual(1);
  });

  it('finds the address in slow motion when the first pose jumps (the golfer just found)', () => {
    // Five times slow motion. The landmarks of the frames where the detector first found the
    // golfer sit off their body: the hands' fastest frame was there, seconds before the swing,
    // and the address search started from it (the address fell back to frame 0).
    const slow = (t: number) => t * 5;
    const swing = {
      ...DEFAULT_SWING,
      ...{ address: slow(1), top: slow(1.9), impact: slow(2.2), finish: slow(2.6) },
      duration: slow(3),
    };
    const track = syntheticTrack(swing);
    for (const frame of track.frames.slice(0, 2)) {
      for (const k of WRISTS) {
        const p = frame.landmarks![k]!;
        frame.landmarks![k] = { ...p, x: p.x + 60, y: p.y - 60 };
      }
    }
    expect(Math.abs(events(track).address - frameAt(track, swing.address))).toBeLessThanOrEqual(5);
  });

  it('places an address without a rest where the golfer was found, not before', () => {
    // A dark clip: the golfer is found 0.1 s before the takeaway, too late for a rest. The
    // stillest frame stood in for the address, and the frames before the golfer was found,
    // where the hands are held at their first position, read as the stillest of all.
    const track = syntheticTrack();
    const address = frameAt(track, DEFAULT_SWING.address);
    const found = frameAt(track, DEFAULT_SWING.address - 0.1);
    for (const frame of track.frames.slice(0, found)) frame.landmarks = null;
    const placed = detectSwingEvents(track, swingSignals(track));
    expect(placed.positions.address).toBeGreaterThanOrEqual(found);
    expect(placed.positions.address).toBeLessThanOrEqual(address + 1);
    expect(placed.confidence.address).toBeLessThan(0.5);
  });

  it('finds the address when the camera pans, from the hands as a still camera saw them', () => {
    // A hand-held camera drifting sideways at a steady speed: the whole golfer slides across
    // the picture, and no rest of the hands is found before the takeaway. The camera's motion
    // (read off the background by the pose stage) is taken off the hands for the address.
    const track = syntheticTrack();
    const panned = (time: number) => ({ x: -60 * time, y: 15 * time, scale: 1 + 0.02 * time });
    for (const frame of track.frames) {
      const camera = panned(frame.time);
      frame.camera = camera;
      frame.landmarks = frame.landmarks!.map((p) => ({
        ...p,
        x: camera.scale * p.x + camera.x,
        y: camera.scale * p.y + camera.y,
      }));
    }
    const address = frameAt(track, DEFAULT_SWING.address);
    expect(Math.abs(events(track).address - address)).toBeLessThanOrEqual(1);
  });

  it('finds a chip, whose hands never rise above the hips', () => {
    const track = scaleHands(syntheticTrack(), 0.3);
    const found = events(track);
    expect(Math.abs(found.impact - frameAt(track, DEFAULT_SWING.impact))).toBeLessThanOrEqual(1);
    expect(Math.abs(found.top - frameAt(track, DEFAULT_SWING.top))).toBeLessThanOrEqual(2);
  });

  it('analyses the swing, not the slow lowering of the club after a cut to another camera', () => {
    const swing = syntheticTrack({ ...DEFAULT_SWING, duration: 3 });
    // The second shot: the golfer twice as big, holding the finish and then lowering the club
    // slowly for over a second (a bigger fall of the hands than the swing's, but slow).
    const finish = swing.frames[swing.frames.length - 1]!;
    const address = swing.frames[0]!;
    const second: PoseFrame[] = [];
    const frames = 60;
    for (let i = 0; i < frames; i++) {
      const u = Math.min(1, Math.max(0, (i - 15) / 40));
      const lm = finish.landmarks!.map((p, k) => {
        const to = WRISTS.includes(k as (typeof WRISTS)[number]) ? address.landmarks![k]! : p;
        const x = p.x + (to.x - p.x) * u;
        const y =
          p.y + (to.y - p.y) * u + (WRISTS.includes(k as (typeof WRISTS)[number]) ? 40 * u : 0);
        return { ...p, x: 2 * x - 300, y: 2 * y - 400 };
      });
      second.push({
        ...finish,
        index: swing.frames.length + i,
        time: 3 + i / DEFAULT_SWING.fps,
        landmarks: lm,
        ...(i === 0 ? { cut: true } : {}),
      });
    }
    const track = { ...swing, frames: [...swing.frames, ...second] };
    const found = events(track);
    expect(Math.abs(found.impact - frameAt(track, DEFAULT_SWING.impact))).toBeLessThanOrEqual(1);
    expect(found.finish).toBeLessThan(swing.frames.length);
  });

  it('analyses the swing after a cut, not the jump of the hands across the cut', () => {
    // Half a second of another shot (the hands held high, higher than at the top), then a cut
    // to a four times slow-motion swing: smoothed across the cut, the hands' drop from one shot
    // to the next looked like the fastest downswing in the clip.
    const slow = 4;
    const swing = syntheticTrack({
      ...DEFAULT_SWING,
      address: 0.3 * slow,
      top: 1.2 * slow,
      impact: 1.5 * slow,
      finish: 1.9 * slow,
      duration: 2.3 * slow,
    });
    const track = anotherShotFirst(swing, swing.frames[swing.frames.length - 1]!, 150);
    const found = events(track);
    const tolerance = Math.round(0.3 * slow * (DEFAULT_SWING.fps / 30));
    expect(Math.abs(found.top - frameAt(track, 0.5 + 1.2 * slow))).toBeLessThanOrEqual(tolerance);
  });

  it('places the address in a shot that opens at address, not at the cut before it', () => {
    // Half a second of another shot (the hands held high), then a cut to the golfer already at
    // address: a speed measured across the cut read the jump between the two pictures as the
    // fastest move before the top, and the address fell on the cut.
    const swing = syntheticTrack({ ...DEFAULT_SWING, address: 0.8 });
    const track = anotherShotFirst(swing, swing.frames[0]!, 250);
    const found = detectSwingEvents(track, swingSignals(track));
    expect(Math.abs(found.positions.address - frameAt(track, 0.5 + 0.8))).toBeLessThanOrEqual(1);
    expect(found.confidence.address).toBeGreaterThanOrEqual(0.5);
  });

  it('analyses the swing, not the splice into a zoomed slow-motion replay of it', () => {
    // An app's replay joined on without a cut the picture shows: the same swing at a quarter
    // speed, zoomed 1.5 times about the ball. Between the last real-time frame (the finish) and
    // the first replay frame (the address) the whole golfer jumps, and the hands' drop across
    // that one frame looked like the fastest, deepest downswing in the clip.
    const swing = syntheticTrack();
    const ball = swing.frames[0]!.landmarks![LANDMARK.leftAnkle]!;
    const track = withReplay(swing, (p) => ({
      ...p,
      x: ball.x + 1.5 * (p.x - ball.x),
      y: ball.y + 1.5 * (p.y - ball.y),
    }));
    const s = swingSignals(track);
    expect(s.shots).toEqual([
      [0, swing.frames.length - 1],
      [swing.frames.length, track.frames.length - 1],
    ]);
    const found = detectSwingEvents(track, s).positions;
    expect(Math.abs(found.top - frameAt(track, DEFAULT_SWING.top))).toBeLessThanOrEqual(1);
    expect(Math.abs(found.impact - frameAt(track, DEFAULT_SWING.impact))).toBeLessThanOrEqual(1);
  });

  it('analyses the golfer found after a lost frame, not the other person followed before', () => {
    // A split screen, one golfer above the other: the tracker followed the lower one for a
    // fifth of a second, lost them for a frame, and the detector then found the upper one. The
    // address fell on the clip's first frame.
    const swing = syntheticTrack();
    const track: PoseTrack = {
      ...swing,
      frames: swing.frames.map((frame, i) => {
        if (i === 6) return { ...frame, score: 0, landmarks: null };
        if (i > 6) return frame;
        const lower = frame.landmarks!.map((p) => ({ ...p, x: p.x + 20, y: p.y + 250 }));
        return { ...frame, landmarks: lower };
      }),
    };
    const s = swingSignals(track);
    expect(s.shots).toEqual([
      [0, 6],
      [7, track.frames.length - 1],
    ]);
    const found = detectSwingEvents(track, s).positions;
    expect(Math.abs(found.address - frameAt(track, DEFAULT_SWING.address))).toBeLessThanOrEqual(1);
  });

  it('finds the swing, not the drop into a replay, at five poses a second (the coarse pass)', () => {
    // The same swing and replay (unzoomed), posed every sixth frame: too far apart to see the
    // splice, so the drop from the held finish to the replay's address is one more fall, as
    // fast as any. A downswing flows on into the follow-through; that drop rests at the bottom.
    const whole = withReplay(syntheticTrack({ ...DEFAULT_SWING, duration: 4 }));
    const track = { ...whole, frames: whole.frames.filter((f) => f.index % 6 === 0) };
    const found = detectSwingEvents(track, swingSignals(track)).positions;
    const time = (i: number) => track.frames[i]!.time;
    expect(Math.abs(time(found.impact) - DEFAULT_SWING.impact)).toBeLessThanOrEqual(0.2);
  });

  it('analyses the fall that rises into a follow-through, not the club dropped as the clip ends', () => {
    const swing = syntheticTrack({ ...DEFAULT_SWING, duration: 2.8 });
    // After the finish the golfer drops the hands back to the ball in a tenth of a second
    // (faster than the downswing), and the clip ends there.
    const finish = swing.frames[swing.frames.length - 1]!;
    const address = swing.frames[0]!;
    const drop: PoseFrame[] = [];
    for (let i = 1; i <= 4; i++) {
      const u = Math.min(1, i / 3);
      drop.push({
        ...finish,
        index: swing.frames.length + i - 1,
        time: 2.8 + (i - 1) / DEFAULT_SWING.fps,
        landmarks: finish.landmarks!.map((p, k) => {
          if (!WRISTS.includes(k as (typeof WRISTS)[number])) return p;
          const to = address.landmarks![k]!;
          return { ...p, x: p.x + (to.x - p.x) * u, y: p.y + (to.y - p.y) * u };
        }),
      });
    }
    const track = { ...swing, frames: [...swing.frames, ...drop] };
    const found = events(track);
    expect(Math.abs(found.impact - frameAt(track, DEFAULT_SWING.impact))).toBeLessThanOrEqual(1);
  });

  it('finds a short swing whose backswing hardly shows from its rise into the follow-through', () => {
    const track = syntheticTrack();
    // Down the line a short swing's backswing goes along the line of sight: keep the hands
    // near the ball until impact, then let the follow-through rise as swung.
    const impact = frameAt(track, DEFAULT_SWING.impact);
    const address = track.frames[0]!.landmarks!;
    track.frames.forEach((frame, i) => {
      if (i >= impact - 2) return;
      const lm = frame.landmarks!;
      for (const k of WRISTS) {
        lm[k] = {
          ...lm[k]!,
          x: address[k]!.x + (lm[k]!.x - address[k]!.x) * 0.05,
          y: address[k]!.y + (lm[k]!.y - address[k]!.y) * 0.05,
        };
      }
    });
    const found = events(track);
    expect(Math.abs(found.impact - impact)).toBeLessThanOrEqual(2);
  });

  it('analyses the swing, not the hands mis-posed at the hips as they wrap round into the finish', () => {
    const track = syntheticTrack();
    // A bit after impact the hands rise above their top, then the wrists go behind the head and
    // their landmarks drop to the ball in two frames and come back: a fall deeper and faster
    // than the downswing, 0.2 s after it.
    const address = track.frames[0]!.landmarks!;
    const top = track.frames[frameAt(track, DEFAULT_SWING.top)]!.landmarks!;
    const from = frameAt(track, DEFAULT_SWING.impact + 0.17);
    [1.2, 1.2, 0.6, 0, 0, 0.6, 1].forEach((share, q) => {
      const lm = track.frames[from + 1 + q]!.landmarks!;
      for (const k of WRISTS) {
        lm[k] = {
          ...lm[k]!,
          x: address[k]!.x + (top[k]!.x - address[k]!.x) * share,
          y: address[k]!.y + (top[k]!.y - address[k]!.y) * share,
        };
      }
    });
    const found = events(track);
    expect(Math.abs(found.top - frameAt(track, DEFAULT_SWING.top))).toBeLessThanOrEqual(2);
    expect(Math.abs(found.impact - frameAt(track, DEFAULT_SWING.impact))).toBeLessThanOrEqual(1);
  });
});

describe('what the events say of themselves', () => {
  it('counts the swings in a clip and trusts the events it found', () => {
    // Held 0.7 s after impact, as real finishes are (the learned finish doubts one at 0.4 s).
    const swing = { ...DEFAULT_SWING, finish: 2.9, duration: 3.6 };
    const one = detectSwingEvents(syntheticTrack(swing), swingSignals(syntheticTrack(swing)));
    expect(one.swingsFound).toBe(1);
    expect(one.confidence.address).toBeGreaterThan(0.5);
    expect(one.confidence.finish).toBeGreaterThan(0.5);
  });

  it('says when a clip holds two swings, and analyses one of them', () => {
    const first = syntheticTrack();
    const second = syntheticTrack();
    const n = first.frames.length;
    // Between the swings the golfer lowers the club from the finish and sets up again (1.5 s).
    const from = first.frames[n - 1]!;
    const to = second.frames[0]!;
    const steps = Math.round(1.5 * DEFAULT_SWING.fps);
    const between = Array.from({ length: steps }, (_, i) => {
      const u = (i + 1) / (steps + 1);
      return {
        ...from,
        index: n + i,
        time: DEFAULT_SWING.duration + i / DEFAULT_SWING.fps,
        landmarks: from.landmarks!.map((p, k) => ({
          ...p,
          x: p.x + (to.landmarks![k]!.x - p.x) * u,
          y: p.y + (to.landmarks![k]!.y - p.y) * u,
        })),
      };
    });
    const offset = DEFAULT_SWING.duration + 1.5;
    const frames = [
      ...first.frames,
      ...between,
      ...second.frames.map((f, i) => ({ ...f, index: n + steps + i, time: f.time + offset })),
    ];
    const track = { ...first, frames };
    const found = detectSwingEvents(track, swingSignals(track));
    expect(found.swingsFound).toBe(2);
    const impacts = [DEFAULT_SWING.impact, DEFAULT_SWING.impact + offset];
    const nearest = Math.min(
      ...impacts.map((t) => Math.abs(found.positions.impact - frameAt(track, t))),
    );
    expect(nearest).toBeLessThanOrEqual(1);
  });

  it('places the finish at the held position when the golfer then walks off, not where the walk ends', () => {
    // After the finish (2.6 s) the golfer walks sideways at 0.6 m/s until 3.4 s, then stands:
    // the first rest after the follow-through is 1.2 s after impact, later than a finish comes.
    const track = syntheticTrack();
    const last = track.frames[track.frames.length - 1]!;
    const walkStart = DEFAULT_SWING.finish;
    const walkEnd = walkStart + 0.8;
    const frames = [...track.frames.filter((f) => f.time < walkStart)];
    for (let time = walkStart; time < walkEnd + 1; time += 1 / DEFAULT_SWING.fps) {
      const dx = 0.6 * 400 * (Math.min(time, walkEnd) - walkStart);
      frames.push({
        ...last,
        index: frames.length,
        time,
        landmarks: last.landmarks!.map((p) => ({ ...p, x: p.x + dx })),
      });
    }
    const walked = { ...track, frames };
    const found = detectSwingEvents(walked, swingSignals(walked));
    const finishTime = walked.frames[found.positions.finish]!.time;
    expect(finishTime).toBeLessThanOrEqual(DEFAULT_SWING.impact + 0.9 + 1e-6);
    expect(Math.abs(finishTime - DEFAULT_SWING.finish)).toBeLessThanOrEqual(0.2);
    expect(found.confidence.finish).toBeLessThan(0.5);
  });

  describe('a pause at the top of the follow-through', () => {
    // Four times slow motion (the learned finish is left out): the body stops for a moment at
    // the follow-through's high point (2.6 s real time), then the arms and shoulders move on
    // from 2.7 s for 0.15 s.
    const slow = 4;
    const swing = {
      ...DEFAULT_SWING,
      ...{ address: slow, top: 1.9 * slow, impact: 2.2 * slow, finish: 2.6 * slow },
      duration: 3.6 * slow,
    };
    const ARMS = [LANDMARK.leftElbow, LANDMARK.rightElbow, ...WRISTS];
    const HEAD_AND_SHOULDERS = [LANDMARK.nose, LANDMARK.leftShoulder, LANDMARK.rightShoulder];
    /**
     * The head and shoulders moved on `dx` pixels and the arms `dx` across and `dy` down, eased
     * in from `from` to `to` (clip seconds).
     */
    const movedOn = (dx: number, dy: number, from: number, to: number) => {
      const track = syntheticTrack(swing);
      for (const frame of track.frames) {
        const u = Math.min(1, Math.max(0, (frame.time - from) / (to - from)));
        const share = 0.5 - 0.5 * Math.cos(Math.PI * u);
        const lm = frame.landmarks!;
        for (const k of HEAD_AND_SHOULDERS) lm[k] = { ...lm[k]!, x: lm[k]!.x + dx * share };
        for (const k of ARMS) {
          lm[k] = { ...lm[k]!, x: lm[k]!.x + dx * share, y: lm[k]!.y + dy * share };
        }
      }
      return track;
    };
    const [moveFrom, moveTo] = [2.7 * slow, 2.85 * slow];

    it('places the finish where the golfer holds it, not at the pause', () => {
      // The hands settle 40 px (a tenth of their rise from impact) as the shoulders turn on.
      const track = movedOn(40, 40, moveFrom, moveTo);
      const found = detectSwingEvents(track, swingSignals(track));
      const finishTime = track.frames[found.positions.finish]!.time;
      expect(finishTime).toBeGreaterThanOrEqual(moveTo - 0.1 * slow);
      expect(finishTime).toBeLessThanOrEqual(moveTo + 0.1 * slow);
    });

    it('keeps the pause as the finish when the club is lowered after it', () => {
      // The arms drop 200 px (half the hands' rise): the golfer lowers the club from the finish.
      const track = movedOn(40, 200, moveFrom, moveTo);
      const found = detectSwingEvents(track, swingSignals(track));
      const finishTime = track.frames[found.positions.finish]!.time;
      expect(finishTime).toBeLessThan(moveFrom);
    });
  });

  it('gives a low confidence to a finish the golfer never comes to rest in', () => {
    // The clip ends at the top of the follow-through, still moving.
    const track = syntheticTrack();
    const cut = frameAt(track, DEFAULT_SWING.impact + 0.3);
    const short = { ...track, frames: track.frames.slice(0, cut) };
    const found = detectSwingEvents(short, swingSignals(short));
    expect(found.confidence.finish).toBeLessThan(0.5);
    expect(found.confidence.impact).toBeGreaterThan(0.5);
  });
});
