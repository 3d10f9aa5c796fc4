import {
  ballFlight,
  clubPathLabel,
  faceToPathLabel,
  formatDegrees,
  startLine,
  type Handedness,
} from './ball-flight';

describe('faceToPathLabel', () => {
  it.each([
    [0, 0, 'square'],
    [1, 0, 'square'],
    [1.01, 0, 'open'],
    [0, 1, 'square'],
    [0, 1.01, 'closed'],
    [-1, 0, 'square'],
    [-1.01, 0, 'closed'],
    [3, 2, 'square'],
    [2.1, 1.1, 'square'], // 1.0000000000000002 in floating point
    [-2, 3, 'closed'],
    [4, -2, 'open'],
  ] as const)('face %s, path %s -> %s', (face, path, label) => {
    expect(faceToPathLabel(face, path)).toBe(label);
  });
});

describe('startLine', () => {
  it.each([
    [0, 'right', 'on-target'],
    [1, 'right', 'on-target'],
    [1.01, 'right', 'right'],
    [-1, 'right', 'on-target'],
    [-1.01, 'right', 'left'],
    [1, 'left', 'on-target'],
    [1.01, 'left', 'left'],
    [-1.01, 'left', 'right'],
    [-5, 'left', 'right'],
  ] as const)('face %s, %s-handed -> %s', (face, hand, line) => {
    expect(startLine(face, hand)).toBe(line);
  });
});

describe('clubPathLabel', () => {
  it.each([
    [3.1, 'Strong In-to-Out Path'],
    [3.01, 'Strong In-to-Out Path'],
    [3, 'Slightly In-to-Out'],
    [1.01, 'Slightly In-to-Out'],
    [1, 'Neutral Path'],
    [0, 'Neutral Path'],
    [-1, 'Neutral Path'],
    [-1.01, 'Slightly Out-to-In'],
    [-3, 'Slightly Out-to-In'],
    [-3.1, 'Strong Out-to-In Path'],
    [-20, 'Strong Out-to-In Path'],
  ])('%s -> %s', (path, label) => {
    expect(clubPathLabel(path)).toBe(label);
  });
});

describe('ballFlight', () => {
  it.each([
    // face, path, hand, curve, curve side, start line
    [3, 0, 'right', 'fade', 'right', 'right'],
    [3, 0, 'left', 'fade', 'left', 'left'],
    [-3, 0, 'right', 'draw', 'left', 'left'],
    [-3, 0, 'left', 'draw', 'right', 'right'],
    [0, 4, 'right', 'draw', 'left', 'on-target'],
    [0, 4, 'left', 'draw', 'right', 'on-target'],
    [0, -4, 'right', 'fade', 'right', 'on-target'],
    [2, 1.5, 'right', 'straight', null, 'right'],
    [2, 1.5, 'left', 'straight', null, 'left'],
    [0.5, -0.5, 'left', 'straight', null, 'on-target'],
  ] as const)(
    'face %s, path %s, %s-handed: %s curving %s, starts %s',
    (face, path, hand, curve, curveSide, start) => {
      const flight = ballFlight(face, path, hand);
      expect(flight.curve).toBe(curve);
      expect(flight.curveSide).toBe(curveSide);
      expect(flight.startLine).toBe(start);
    },
  );

  it.each<[number, number, Handedness, string]>([
    [3, 1, 'right', 'Face 2° open to path: Fade (curves right); starts right of target.'],
    [3, 1, 'left', 'Face 2° open to path: Fade (curves left); starts left of target.'],
    [-1.5, 1, 'right', 'Face 2.5° closed to path: Draw (curves left); starts left of target.'],
    [0.3, 0, 'right', 'Face square to path (0.3°): straight flight; starts on target.'],
  ])('describes face %s, path %s, %s-handed', (face, path, hand, text) => {
    expect(ballFlight(face, path, hand).description).toBe(text);
  });

  it('reports face to path as face minus path', () => {
    expect(ballFlight(-1.5, 1, 'right').faceToPath).toBe(-2.5);
    expect(ballFlight(2.1, 1.1, 'right').faceToPath).toBe(1);
  });
});

describe('formatDegrees', () => {
  it.each([
    [2, '2°'],
    [1.5, '1.5°'],
    [1.01, '1.01°'],
    [-3.456, '-3.46°'],
  ])('%s -> %s', (value, text) => {
    expect(formatDegrees(value)).toBe(text);
  });
});
