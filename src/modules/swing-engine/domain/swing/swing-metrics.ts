import { LANDMARK, type PoseFrame, type PoseTrack, type SwingEventName } from '../pose-track';
import {
  jointAngle,
  length,
  midpoint,
  sub,
  tiltFromVertical,
  yawDegrees,
  type Vec3,
} from './geometry';
import type { CameraView, Handedness } from './handedness-and-view';
import { MOBILITY_TARGETS } from '../mobility-text';
import { faceOnTurnsAtTop } from './face-on-rotation';
import { median, unwrapDegrees } from './signal';
import type { SwingEvents } from './swing-events';
import type { SwingSignals } from './swing-signals';

export type MetricKey =
  | 'shoulderTurn'
  | 'hipTurn'
  | 'xFactor'
  | 'xFactorStretch'
  | 'spineAngleAddress'
  | 'spineAngleChange'
  | 'lateralSway'
  | 'lateralSlide'
  | 'headMovement'
  | 'leadArmBend'
  | 'kneeFlex'
  | 'tempo'
  | 'finishBalance';

export interface SwingMetric {
  key: MetricKey;
  label: string;
  value: number;
  unit: 'deg' | 'cm' | 'ratio' | '%';
  /** 0..1: landmark visibility at the frames used, times how well the view suits the metric. */
  confidence: number;
  basis: '3d-world' | '2d-image' | 'timing';
  event: SwingEventName;
  note?: string;
}

/** One camera gives rotations as estimates: the 3D world landmarks are inferred, not measured. */
const WORLD_ROTATION_TRUST = 0.7;
/** Below the assessment's trust threshold: a face-on lead-arm bend is shown, never coached on. */
const FACE_ON_LEAD_ARM_TRUST = 0.4;
/**
 * Face-on, the turns are read from the image (face-on-rotation.ts), not the world landmarks
 * (which flatten the turn to about half). Decision 0013: the image estimate is trusted only
 * when it reads at least the target's lower bound; the face-on camera's known error is to
 * read a turn short, so a short reading may be the camera and must not judge the golfer.
 */
const FACE_ON_ROTATION_TRUST = 0.75;
const FACE_ON_SHORT_READING_TRUST = 0.45;
/**
 * Face-on, hips read past side-on at the top (their projected width changed sign) are the
 * landmark model swapping left and right: no golfer's hips turn that far. 4 of the corpus's 132
 * face-on clips read 99-124 degrees (research note 0007). Trusted no more than a short reading.
 */
const FACE_ON_HIPS_SIDE_ON_DEG = 90;
/** The world-landmark stretch keeps the old face-on factor: under the trust threshold. */
const FACE_ON_WORLD_YAW_TRUST = 0.45;
/**
 * Down the line, a turn at the top is read from the top and its two neighbours, where the
 * shoulders and hips reverse and hardly turn: when no two of those headings agree within this,
 * the pose model has lost the line (seen end-on) and the reading is noise. On the 37
 * down-the-line clips of the corpus and the fixtures the shoulders' closest two agree within
 * 0-7 degrees on 30 and 9-19 on 7, and those 7 read 20, 21, 25, 46, 63, 73 and 97 degrees
 * (the first four short of any full swing; research note 0007).
 */
const TOP_AGREE_DEG = 8;
/** ...and such a turn's trust is cut below the assessment's threshold. */
const UNSTEADY_TOP_TRUST = 0.4;

const L = LANDMARK;
const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;

export function measureSwing(
  track: PoseTrack,
  signals: SwingSignals,
  events: SwingEvents,
  handedness: Handedness,
  view: CameraView,
): SwingMetric[] {
  const at = (e: SwingEventName) => track.frames[events.positions[e]]!;
  const lead = handedness === 'right' ? 'left' : 'right';
  const trail = handedness === 'right' ? 'right' : 'left';
  const idx = (
    side: 'left' | 'right',
    part: 'Shoulder' | 'Elbow' | 'Wrist' | 'Hip' | 'Knee' | 'Ankle',
  ) => L[`${side}${part}` as keyof typeof L];

  const metrics: SwingMetric[] = [];
  const push = (
    m: Omit<SwingMetric, 'value' | 'confidence'> & { value: number; confidence: number },
  ) => {
    if (Number.isFinite(m.value)) {
      metrics.push({
        ...m,
        value: round1(m.value),
        confidence: round2(Math.max(0, Math.min(1, m.confidence))),
      });
    }
  };

  // Rotations: heading of the shoulder and hip lines seen from above, relative to address.
  // Down the line from the world landmarks; face-on from what the image shows (decision 0013).
  const shoulderYaw = unwrapDegrees(
    track.frames.map((f) => yawOf(f, L.leftShoulder, L.rightShoulder)),
  );
  const hipYaw = unwrapDegrees(track.frames.map((f) => yawOf(f, L.leftHip, L.rightHip)));
  const a = events.positions.address;
  const top = events.positions.top;
  // Read from the mirror-averaged frames where the engine made them (the model alone turns a
  // left-handed golfer differently), and as the median of an event frame and its neighbours:
  // the model's yaw jitters by a few degrees from frame to frame, and now and then one frame
  // is turned round (a mean over dtl_phase_labeled_1's top read its shoulders 12 degrees short).
  const averaged = track.frames.some((f) => f.mirrorAveraged);
  const usable = (yaw: number[], j: number) =>
    j >= 0 &&
    j < yaw.length &&
    Number.isFinite(yaw[j]!) &&
    (!averaged || track.frames[j]!.mirrorAveraged === true);
  const near = (yaw: number[], i: number) =>
    [i - 1, i, i + 1].filter((j) => usable(yaw, j)).map((j) => yaw[j]!);
  const settled = (yaw: number[], i: number) => median(near(yaw, i));
  const turnAt = (yaw: number[], value: number) => Math.abs(value - settled(yaw, a));
  const turn = (yaw: number[], i: number) => turnAt(yaw, settled(yaw, i));
  /** UNSTEADY_TOP_TRUST where no two of a heading's readings at the top agree, else 1. */
  const steadyAtTop = (...yaws: number[][]) =>
    yaws.every((yaw) => {
      const values = near(yaw, top);
      return (
        values.length < 2 ||
        values.some((v, k) => values.some((w, q) => q !== k && Math.abs(v - w) <= TOP_AGREE_DEG))
      );
    })
      ? 1
      : UNSTEADY_TOP_TRUST;
  const rotationVisibility = (e: SwingEventName, ids: number[]) =>
    Math.min(visibility(at('address'), ids), visibility(at(e), ids));
  const worldRotationConfidence = (e: SwingEventName, ids: number[]) =>
    WORLD_ROTATION_TRUST *
    (view === 'face-on' ? FACE_ON_WORLD_YAW_TRUST : 1) *
    rotationVisibility(e, ids);

  const shoulderIds = [L.leftShoulder, L.rightShoulder];
  const hipIds = [L.leftHip, L.rightHip];
  const faceOn = view === 'face-on' ? faceOnTurnsAtTop(track, a, top, usable) : null;
  const shoulderTurn = faceOn ? faceOn.shoulder : turn(shoulderYaw, top);
  const hipTurn = faceOn ? faceOn.hip : turn(hipYaw, top);
  /** Face-on, a reading short of the target may be the camera's error: not trusted. */
  const faceOnTrust = (value: number, target: { min: number }) =>
    FACE_ON_ROTATION_TRUST * (value >= target.min ? 1 : FACE_ON_SHORT_READING_TRUST);
  const shoulderTrust = faceOn
    ? faceOnTrust(shoulderTurn, MOBILITY_TARGETS.shoulderTurn)
    : steadyAtTop(shoulderYaw);
  const hipTrust = faceOn
    ? hipTurn > FACE_ON_HIPS_SIDE_ON_DEG
      ? FACE_ON_ROTATION_TRUST * FACE_ON_SHORT_READING_TRUST
      : faceOnTrust(hipTurn, MOBILITY_TARGETS.hipRotation)
    : steadyAtTop(hipYaw);
  const xTrust = faceOn
    ? Math.min(
        shoulderTrust,
        hipTrust,
        faceOnTrust(shoulderTurn - hipTurn, MOBILITY_TARGETS.xFactor),
      )
    : Math.min(shoulderTrust, hipTrust);
  const basis = faceOn ? '2d-image' : '3d-world';
  const faceOnNote = faceOn
    ? 'Face-on estimate from the image (decision 0013); a down-the-line video measures it directly.'
    : undefined;
  push({
    key: 'shoulderTurn',
    label: 'Shoulder turn at the top',
    value: shoulderTurn,
    unit: 'deg',
    basis,
    event: 'top',
    confidence: WORLD_ROTATION_TRUST * shoulderTrust * rotationVisibility('top', shoulderIds),
    note: faceOnNote,
  });
  push({
    key: 'hipTurn',
    label: 'Hip turn at the top',
    value: hipTurn,
    unit: 'deg',
    basis,
    event: 'top',
    confidence: WORLD_ROTATION_TRUST * hipTrust * rotationVisibility('top', hipIds),
    note: faceOnNote,
  });
  push({
    key: 'xFactor',
    label: 'X-factor (shoulder minus hip turn) at the top',
    value: shoulderTurn - hipTurn,
    unit: 'deg',
    basis,
    event: 'top',
    confidence:
      WORLD_ROTATION_TRUST * xTrust * rotationVisibility('top', [...shoulderIds, ...hipIds]),
    note: faceOnNote,
  });

  let stretch = 0;
  for (let i = top + 1; i <= events.positions.midDownswing; i++) {
    if (!usable(shoulderYaw, i) || !usable(hipYaw, i)) continue;
    const separation = turnAt(shoulderYaw, shoulderYaw[i]!) - turnAt(hipYaw, hipYaw[i]!);
    stretch = Math.max(stretch, separation - (turn(shoulderYaw, top) - turn(hipYaw, top)));
  }
  push({
    key: 'xFactorStretch',
    label: 'X-factor stretch early in the downswing',
    value: stretch,
    unit: 'deg',
    basis: '3d-world',
    event: 'midDownswing',
    // Measured from the top's reading: no steadier than it.
    confidence:
      worldRotationConfidence('midDownswing', [...shoulderIds, ...hipIds]) *
      0.8 *
      steadyAtTop(shoulderYaw, hipYaw),
  });

  // Posture: forward bend of the spine (mid-hip to mid-shoulder) from vertical.
  const spine = (f: PoseFrame) => {
    const w = f.world;
    if (!w) return NaN;
    return tiltFromVertical(
      midpoint(w[L.leftHip]!, w[L.rightHip]!),
      midpoint(w[L.leftShoulder]!, w[L.rightShoulder]!),
    );
  };
  const spineIds = [...shoulderIds, ...hipIds];
  const spineAddress = spine(at('address'));
  push({
    key: 'spineAngleAddress',
    label: 'Spine angle at address',
    value: spineAddress,
    unit: 'deg',
    basis: '3d-world',
    event: 'address',
    confidence:
      WORLD_ROTATION_TRUST *
      visibility(at('address'), spineIds) *
      (view === 'down-the-line' ? 1.2 : 1),
  });
  push({
    key: 'spineAngleChange',
    label: 'Spine angle change from address to impact',
    value: spine(at('impact')) - spineAddress,
    unit: 'deg',
    basis: '3d-world',
    event: 'impact',
    confidence:
      WORLD_ROTATION_TRUST *
      visibility(at('impact'), spineIds) *
      (view === 'down-the-line' ? 1.2 : 1),
    note: 'Negative: the golfer stands up through impact (early extension).',
  });

  // Lateral moves, face-on image: torso units converted to cm with the world torso length.
  const torsoM = median(
    track.frames.map((f) =>
      f.world
        ? length(
            sub(
              midpoint(f.world[L.leftShoulder]!, f.world[L.rightShoulder]!),
              midpoint(f.world[L.leftHip]!, f.world[L.rightHip]!),
            ),
          )
        : NaN,
    ),
  );
  const cm = (torsoUnits: number) => torsoUnits * torsoM * 100;
  const towardTrail = trailDirection(at('address'), trail);
  const lateralConfidence = (e: SwingEventName) =>
    visibility(at(e), hipIds) * (view === 'face-on' ? 0.85 : 0.35);
  push({
    key: 'lateralSway',
    label: 'Hip sway away from the target at the top',
    value: cm((signals.hipX[top]! - signals.hipX[a]!) * towardTrail),
    unit: 'cm',
    basis: '2d-image',
    event: 'top',
    confidence: lateralConfidence('top'),
  });
  push({
    key: 'lateralSlide',
    label: 'Hip slide toward the target at impact',
    value: cm((signals.hipX[a]! - signals.hipX[events.positions.impact]!) * towardTrail),
    unit: 'cm',
    basis: '2d-image',
    event: 'impact',
    confidence: lateralConfidence('impact'),
  });

  const head = (f: PoseFrame) => f.landmarks?.[L.nose];
  const headA = head(at('address'));
  const headI = head(at('impact'));
  if (headA && headI) {
    push({
      key: 'headMovement',
      label: 'Head movement from address to impact',
      value: cm(
        Math.hypot(headI.x - headA.x, headI.y - headA.y) /
          signals.torsoAt[events.positions.address]!,
      ),
      unit: 'cm',
      basis: '2d-image',
      event: 'impact',
      confidence: Math.min(headA.visibility, headI.visibility) * (view === 'face-on' ? 0.85 : 0.6),
    });
  }

  const world = (f: PoseFrame, i: number): Vec3 | undefined => f.world?.[i];
  const topFrame = at('top');
  const ls = world(topFrame, idx(lead, 'Shoulder'));
  const le = world(topFrame, idx(lead, 'Elbow'));
  const lw = world(topFrame, idx(lead, 'Wrist'));
  if (ls && le && lw) {
    push({
      key: 'leadArmBend',
      label: 'Lead arm bend at the top',
      value: 180 - jointAngle(ls, le, lw),
      unit: 'deg',
      basis: '3d-world',
      event: 'top',
      // Face-on, the lead arm at the top reaches across the chest towards the camera and the
      // model's depth for it is poor: the pros' visibly straight arms read 58-69 degrees, and
      // fo_120fps_indoor 80 where the same swing filmed down the line reads 34.
      confidence:
        WORLD_ROTATION_TRUST *
        (view === 'face-on' ? FACE_ON_LEAD_ARM_TRUST : 1) *
        visibility(topFrame, [idx(lead, 'Shoulder'), idx(lead, 'Elbow'), idx(lead, 'Wrist')]),
    });
  }
  const addr = at('address');
  const knees = (['left', 'right'] as const).map((side) => {
    const hip = world(addr, idx(side, 'Hip'));
    const knee = world(addr, idx(side, 'Knee'));
    const ankle = world(addr, idx(side, 'Ankle'));
    return hip && knee && ankle ? 180 - jointAngle(hip, knee, ankle) : NaN;
  });
  push({
    key: 'kneeFlex',
    label: 'Knee flex at address',
    value: (knees[0]! + knees[1]!) / 2,
    unit: 'deg',
    basis: '3d-world',
    event: 'address',
    confidence:
      WORLD_ROTATION_TRUST * visibility(addr, [L.leftKnee, L.rightKnee, L.leftAnkle, L.rightAnkle]),
  });

  const t = signals.times;
  const back = t[top]! - t[a]!;
  const down = t[events.positions.impact]! - t[top]!;
  if (down > 0) {
    push({
      key: 'tempo',
      label: 'Tempo (backswing time to downswing time)',
      value: back / down,
      unit: 'ratio',
      basis: 'timing',
      event: 'impact',
      confidence: Math.min(1, track.fps / 120) * 0.9,
      note: 'Needs real-time footage: slow-motion clips stretch both phases alike only if the rate is constant.',
    });
  }

  const fin = at('finish');
  const leadAnkle = fin.landmarks?.[idx(lead, 'Ankle')];
  const trailAnkle = fin.landmarks?.[idx(trail, 'Ankle')];
  if (leadAnkle && trailAnkle && Math.abs(leadAnkle.x - trailAnkle.x) > 1) {
    const hipPx =
      signals.hipX[events.positions.finish]! * signals.torsoAt[events.positions.finish]!;
    const share = (hipPx - trailAnkle.x) / (leadAnkle.x - trailAnkle.x);
    push({
      key: 'finishBalance',
      label: 'Weight over the lead foot at the finish',
      value: 100 * Math.max(0, Math.min(1, share)),
      unit: '%',
      basis: '2d-image',
      event: 'finish',
      confidence:
        Math.min(leadAnkle.visibility, trailAnkle.visibility) * (view === 'face-on' ? 0.8 : 0.3),
    });
  }
  return metrics;
}

function yawOf(frame: PoseFrame, a: number, b: number): number {
  const w = frame.world;
  return w ? yawDegrees(w[a]!, w[b]!) : NaN;
}

function visibility(frame: PoseFrame, ids: number[]): number {
  const lm = frame.landmarks;
  if (!lm) return 0;
  return Math.min(...ids.map((i) => lm[i]!.visibility));
}

/** +1 when the golfer's trail side is toward larger image x, else -1. */
function trailDirection(frame: PoseFrame, trail: 'left' | 'right'): number {
  const lm = frame.landmarks;
  if (!lm) return 1;
  const trailHip = lm[trail === 'right' ? L.rightHip : L.leftHip]!;
  const leadHip = lm[trail === 'right' ? L.leftHip : L.rightHip]!;
  return trailHip.x >= leadHip.x ? 1 : -1;
}
