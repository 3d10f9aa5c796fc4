import {
  decodeDetection,
  DETECTOR_VALUES_PER_ANCHOR,
  generateSsdAnchors,
  POSE_DETECTOR_ANCHOR_OPTIONS,
  poseDetectorAnchors,
} from './detector-anchors';

describe('pose detector anchors', () => {
  const anchors = poseDetectorAnchors();

  it('has one anchor per detector output row: 28x28x2 + 14x14x2 + 7x7x6', () => {
    expect(anchors).toHaveLength(28 * 28 * 2 + 14 * 14 * 2 + 7 * 7 * 6);
    expect(anchors).toHaveLength(2254);
  });

  it('walks rows, then columns, then the anchors of a cell, layer by layer', () => {
    const cell = (n: number, x: number, y: number) => ({
      xCenter: (x + 0.5) / n,
      yCenter: (y + 0.5) / n,
      width: 1,
      height: 1,
    });
    // stride 8: 2 anchors per cell of a 28x28 map
    expect(anchors[0]).toEqual(cell(28, 0, 0));
    expect(anchors[1]).toEqual(cell(28, 0, 0));
    expect(anchors[2]).toEqual(cell(28, 1, 0));
    expect(anchors[2 * 28]).toEqual(cell(28, 0, 1));
    expect(anchors[1567]).toEqual(cell(28, 27, 27));
    // stride 16: 2 per cell of 14x14
    expect(anchors[1568]).toEqual(cell(14, 0, 0));
    expect(anchors[1959]).toEqual(cell(14, 13, 13));
    // the three stride-32 layers share a 7x7 map: 6 per cell
    expect(anchors[1960]).toEqual(cell(7, 0, 0));
    expect(anchors[1965]).toEqual(cell(7, 0, 0));
    expect(anchors[1966]).toEqual(cell(7, 1, 0));
    expect(anchors[2253]).toEqual(cell(7, 6, 6));
  });

  it('sizes anchors by scale and aspect ratio when they are not fixed', () => {
    const sized = generateSsdAnchors({ ...POSE_DETECTOR_ANCHOR_OPTIONS, fixedAnchorSize: false });
    // first layer: scale min_scale, then the interpolated sqrt(scale0 * scale1)
    expect(sized[0].width).toBeCloseTo(0.1484375, 10);
    const scale1 = 0.1484375 + (0.75 - 0.1484375) / 4;
    expect(sized[1].width).toBeCloseTo(Math.sqrt(0.1484375 * scale1), 10);
    // last layer's interpolated anchor pairs the scale with 1.0
    expect(sized[2253].height).toBeCloseTo(Math.sqrt(0.75 * 1), 10);
  });
});

describe('decodeDetection', () => {
  const row = (index: number, values: number[]) => {
    const output = new Float32Array(2254 * DETECTOR_VALUES_PER_ANCHOR);
    output.set(values, index * DETECTOR_VALUES_PER_ANCHOR);
    return output;
  };

  it('offsets the box and keypoints from the anchor centre in 224-pixel units', () => {
    const index = 1960 + 6 * (7 * 3 + 2); // 7x7 map, cell x=2, y=3
    const d = decodeDetection(row(index, [0, 22.4, -11.2, 112, 56, 0, 0, 22.4, 22.4]), index);
    expect(d.score).toBeCloseTo(0.5, 10);
    expect(d.box.xCenter).toBeCloseTo(2.5 / 7 + 0.1, 6);
    expect(d.box.yCenter).toBeCloseTo(3.5 / 7 - 0.05, 6);
    expect(d.box.width).toBeCloseTo(0.5, 6);
    expect(d.box.height).toBeCloseTo(0.25, 6);
    expect(d.keypoints).toHaveLength(4);
    expect(d.keypoints[0].x).toBeCloseTo(2.5 / 7, 6);
    expect(d.keypoints[1].x).toBeCloseTo(2.5 / 7 + 0.1, 6);
    expect(d.keypoints[1].y).toBeCloseTo(3.5 / 7 + 0.1, 6);
  });

  it('takes the sigmoid of the logit clipped to +-100', () => {
    expect(decodeDetection(row(5, [2]), 5).score).toBeCloseTo(1 / (1 + Math.exp(-2)), 10);
    expect(decodeDetection(row(5, [-1e6]), 5).score).toBeCloseTo(1 / (1 + Math.exp(100)), 60);
  });

  it('rejects a row without an anchor', () => {
    expect(() => decodeDetection(new Float32Array(13), 2254)).toThrow(RangeError);
  });
});
