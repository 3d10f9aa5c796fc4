/**
 * Ball-flight laws of spec section 5. Angles in degrees, signed for the golfer's hand (positive
 * face angle = open, positive club path = in-to-out), as launch monitors report them once told
 * the golfer's hand. Directions (right/left) are a right-handed golfer's, mirrored for a
 * left-handed one.
 */

export type Handedness = 'right' | 'left';
export type Side = 'right' | 'left';

/** Within 1 degree counts as square / on line (spec section 5). */
export const SQUARE_TOLERANCE_DEG = 1;

export type FaceToPath = 'square' | 'open' | 'closed';
export type StartLine = 'on-target' | Side;
export type Curve = 'straight' | 'fade' | 'draw';

export type ClubPathLabel =
  | 'Strong In-to-Out Path'
  | 'Slightly In-to-Out'
  | 'Neutral Path'
  | 'Slightly Out-to-In'
  | 'Strong Out-to-In Path';

export interface BallFlight {
  /** Face angle minus club path, degrees. */
  faceToPath: number;
  faceToPathLabel: FaceToPath;
  startLine: StartLine;
  curve: Curve;
  /** Where the ball curves; null when straight. */
  curveSide: Side | null;
  /** One sentence, e.g. 'Face 2° open to path: Fade (curves right); starts right of target.' */
  description: string;
}

/** Drops binary floating-point noise (2.1 - 1.1 = 1.0000000000000002) before comparing. */
function clean(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Degrees as people write them: 2, 1.5, 1.01 (at most 2 decimals). */
export function formatDegrees(value: number): string {
  return `${Number(value.toFixed(2))}°`;
}

function side(rightHanded: Side, handedness: Handedness): Side {
  if (handedness === 'right') return rightHanded;
  return rightHanded === 'right' ? 'left' : 'right';
}

export function faceToPathLabel(faceAngle: number, clubPath: number): FaceToPath {
  const difference = clean(faceAngle - clubPath);
  if (difference > SQUARE_TOLERANCE_DEG) return 'open';
  if (difference < -SQUARE_TOLERANCE_DEG) return 'closed';
  return 'square';
}

/** Face angle beyond +-1 degree: the ball starts right or left (right-handed; mirrored). */
export function startLine(faceAngle: number, handedness: Handedness): StartLine {
  const face = clean(faceAngle);
  if (face > SQUARE_TOLERANCE_DEG) return side('right', handedness);
  if (face < -SQUARE_TOLERANCE_DEG) return side('left', handedness);
  return 'on-target';
}

/** Spec section 5's labels, with 'Neutral Path' for -1..1 and 'Slightly In-to-Out' for 1..3. */
export function clubPathLabel(clubPath: number): ClubPathLabel {
  const path = clean(clubPath);
  if (path > 3) return 'Strong In-to-Out Path';
  if (path < -3) return 'Strong Out-to-In Path';
  if (path < -SQUARE_TOLERANCE_DEG) return 'Slightly Out-to-In';
  if (path > SQUARE_TOLERANCE_DEG) return 'Slightly In-to-Out';
  return 'Neutral Path';
}

/**
 * Face open to the path by more than 1 degree: Fade (curves right for a right-handed golfer);
 * closed: Draw (curves left); within 1 degree: straight.
 */
export function ballFlight(
  faceAngle: number,
  clubPath: number,
  handedness: Handedness,
): BallFlight {
  const faceToPath = clean(faceAngle - clubPath);
  const label = faceToPathLabel(faceAngle, clubPath);
  const curve: Curve = label === 'open' ? 'fade' : label === 'closed' ? 'draw' : 'straight';
  const curveSide: Side | null =
    curve === 'fade'
      ? side('right', handedness)
      : curve === 'draw'
        ? side('left', handedness)
        : null;
  const start = startLine(faceAngle, handedness);

  const flight =
    label === 'square'
      ? `Face square to path (${formatDegrees(faceToPath)}): straight flight`
      : `Face ${formatDegrees(Math.abs(faceToPath))} ${label} to path: ` +
        `${curve === 'fade' ? 'Fade' : 'Draw'} (curves ${curveSide})`;
  const startText = start === 'on-target' ? 'starts on target' : `starts ${start} of target`;
  return {
    faceToPath,
    faceToPathLabel: label,
    startLine: start,
    curve,
    curveSide,
    description: `${flight}; ${startText}.`,
  };
}
