import type { PoseTrack } from '../pose-track';
import { detectHandedness, detectView } from './handedness-and-view';
import { detectSwingEvents } from './swing-events';
import { measureSwing } from './swing-metrics';
import { swingSignals } from './swing-signals';
import { DEFAULT_SWING, syntheticTrack } from './synthetic-swing';
import { pictureTurn, turnedUpright, uprightTurn, type UprightTurn } from './upright-turn';

/** The track as a camera turned by `turn` degrees clockwise would have posed it. */
const onItsSide = (track: PoseTrack, turn: UprightTurn): PoseTrack =>
  turnedUpright(track, ((360 - turn) % 360) as UprightTurn);

function analyse(track: PoseTrack) {
  const upright = turnedUpright(track, uprightTurn(track));
  const signals = swingSignals(upright);
  const events = detectSwingEvents(upright, signals);
  const handedness = detectHandedness(upright, events.positions);
  const { view } = detectView(upright, events.positions.address);
  const metrics = measureSwing(upright, signals, events, handedness, view);
  return { events: events.positions, handedness, view, metrics };
}

describe('a picture stored on its side', () => {
  it('needs no turn when filmed upright, face-on or down the line', () => {
    expect(uprightTurn(syntheticTrack())).toBe(0);
    expect(uprightTurn(syntheticTrack(DEFAULT_SWING, { view: 'down-the-line' }))).toBe(0);
  });

  it.each([90, 180, 270] as const)('finds the turn that stands the golfer up: %i', (turn) => {
    const track = syntheticTrack();
    const turned = onItsSide(track, turn);
    expect(turned.width).toBe(turn === 180 ? track.width : track.height);
    expect(uprightTurn(turned)).toBe(turn);
    // Turned back, every landmark is where it was posed.
    const back = turnedUpright(turned, turn);
    expect(back.width).toBe(track.width);
    const [a, b] = [track.frames[40]!, back.frames[40]!];
    for (const [k, p] of a.landmarks!.entries()) {
      expect(b.landmarks![k]!.x).toBeCloseTo(p.x, 6);
      expect(b.landmarks![k]!.y).toBeCloseTo(p.y, 6);
      expect(b.world![k]!.x).toBeCloseTo(a.world![k]!.x, 6);
      expect(b.world![k]!.y).toBeCloseTo(a.world![k]!.y, 6);
    }
  });

  it.each([90, 270] as const)(
    'measures the swing as if filmed upright (turned %i degrees)',
    (turn) => {
      const upright = analyse(syntheticTrack());
      const sideways = analyse(onItsSide(syntheticTrack(), turn));
      expect(sideways.events).toEqual(upright.events);
      expect(sideways.view).toBe('face-on');
      expect(sideways.handedness).toBe('right');
      for (const metric of upright.metrics) {
        const same = sideways.metrics.find((m) => m.key === metric.key)!;
        expect(Math.abs(same.value - metric.value)).toBeLessThan(0.2);
        expect(same.confidence).toBe(metric.confidence);
      }
    },
  );

  it.each([
    // Turned clockwise a quarter, the top-left corner goes to the top right, and so on round.
    [90, [300, 0], [300, 200], [0, 0]],
    [180, [200, 300], [0, 300], [200, 0]],
    [270, [0, 200], [0, 0], [300, 200]],
    [0, [0, 0], [200, 0], [0, 300]],
  ] as const)(
    'moves the picture’s corners to the turned picture’s (%i degrees)',
    (turn, topLeft, topRight, bottomLeft) => {
      // A portrait picture, 200 wide and 300 high.
      const t = pictureTurn(turn, 200, 300);
      expect([t.width, t.height]).toEqual(turn % 180 ? [300, 200] : [200, 300]);
      expect(t.point(0, 0)).toEqual(topLeft);
      expect(t.point(200, 0)).toEqual(topRight);
      expect(t.point(0, 300)).toEqual(bottomLeft);
    },
  );

  it('turns the camera’s pan with the picture', () => {
    const track = syntheticTrack();
    // The camera zooms in 10% and pans 20 pixels right, about the first frame.
    const frame = track.frames[50]!;
    frame.camera = { x: 20, y: -4, scale: 1.1 };
    const point = { x: 100, y: 60 };
    const seen = { x: 1.1 * point.x + 20, y: 1.1 * point.y - 4 };
    const turned = onItsSide(track, 90);
    const at = (p: { x: number; y: number }) => {
      // A landmark at p, turned with the picture.
      const probe = structuredClone(track);
      probe.frames[0]!.landmarks![0] = { ...probe.frames[0]!.landmarks![0]!, ...p };
      return onItsSide(probe, 90).frames[0]!.landmarks![0]!;
    };
    const [q, s] = [at(point), at(seen)];
    const camera = turned.frames[50]!.camera!;
    expect(camera.scale).toBe(1.1);
    expect(1.1 * q.x + camera.x).toBeCloseTo(s.x, 6);
    expect(1.1 * q.y + camera.y).toBeCloseTo(s.y, 6);
  });
});
