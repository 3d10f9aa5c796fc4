/** RGB24 frames (ffmpeg rawvideo) to the float tensors the BlazePose models take. */
export interface RgbImage {
  width: number;
  height: number;
  /** width * height * 3 bytes, RGB, rows top to bottom. */
  data: Uint8Array;
}

/** A square region of interest in image pixels, rotated by `rotation` radians about its centre. */
export interface Roi {
  cx: number;
  cy: number;
  size: number;
  rotation: number;
}

export interface Letterbox {
  tensor: Float32Array;
  /** Source pixels per tensor pixel is 1 / scale. */
  scale: number;
  padX: number;
  padY: number;
}

/** An upright rectangle of an image, in image pixels. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The whole frame (or `region` of it) into a size x size NHWC tensor, aspect kept, black border,
 * values mapped by `v * mul + add` (the detector takes [-1, 1]). Nearest-neighbour is enough for
 * detection.
 */
export function letterbox(
  image: RgbImage,
  size: number,
  mul: number,
  add: number,
  region: Region = { x: 0, y: 0, width: image.width, height: image.height },
): Letterbox {
  const scale = size / Math.max(region.width, region.height);
  const w = Math.round(region.width * scale);
  const h = Math.round(region.height * scale);
  const padX = Math.floor((size - w) / 2);
  const padY = Math.floor((size - h) / 2);
  const tensor = new Float32Array(size * size * 3).fill(add);
  const src = image.data;
  for (let y = 0; y < h; y++) {
    const sy = region.y + Math.min(region.height - 1, Math.floor((y + 0.5) / scale));
    for (let x = 0; x < w; x++) {
      const sx = region.x + Math.min(region.width - 1, Math.floor((x + 0.5) / scale));
      const s = (sy * image.width + sx) * 3;
      const d = ((y + padY) * size + (x + padX)) * 3;
      tensor[d] = src[s]! * mul + add;
      tensor[d + 1] = src[s + 1]! * mul + add;
      tensor[d + 2] = src[s + 2]! * mul + add;
    }
  }
  return { tensor, scale, padX, padY };
}

/**
 * Squares of `side` pixels that cover the image, overlapping by half a side (the last row and
 * column flush with the far edges), for looking closer at a frame.
 */
export function zoomWindows(width: number, height: number, side: number): Region[] {
  const starts = (length: number) => {
    if (side >= length) return [0];
    const step = side / 2;
    const count = Math.ceil((length - side) / step) + 1;
    return Array.from({ length: count }, (_, k) => Math.round(Math.min(k * step, length - side)));
  };
  return starts(height).flatMap((y) =>
    starts(width).map((x) => ({
      x,
      y,
      width: Math.min(side, width),
      height: Math.min(side, height),
    })),
  );
}

/**
 * The rotated square `roi` resampled (bilinear) into a size x size NHWC tensor with values
 * `v * mul + add`; outside the image counts as black.
 */
export function cropRoi(
  image: RgbImage,
  roi: Roi,
  size: number,
  mul: number,
  add: number,
): Float32Array {
  // Hot loop (65k pixels a frame): plain arithmetic, no closures.
  const tensor = new Float32Array(size * size * 3);
  const cos = Math.cos(roi.rotation);
  const sin = Math.sin(roi.rotation);
  const step = roi.size / size;
  const half = roi.size / 2;
  const { width, height, data } = image;
  const maxX = width - 1;
  const maxY = height - 1;
  let d = 0;
  for (let v = 0; v < size; v++) {
    const ny = (v + 0.5) * step - half;
    for (let u = 0; u < size; u++, d += 3) {
      const nx = (u + 0.5) * step - half;
      const sx = roi.cx + cos * nx - sin * ny - 0.5;
      const sy = roi.cy + sin * nx + cos * ny - 0.5;
      if (sx < -1 || sy < -1 || sx > width || sy > height) {
        tensor[d] = tensor[d + 1] = tensor[d + 2] = add;
        continue;
      }
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      if (x0 >= 0 && y0 >= 0 && x0 < maxX && y0 < maxY) {
        // All four neighbours inside (most pixels): no border weights to work out.
        const i00 = (y0 * width + x0) * 3;
        const i01 = i00 + width * 3;
        const w00 = (1 - fx) * (1 - fy);
        const w10 = fx * (1 - fy);
        const w01 = (1 - fx) * fy;
        const w11 = fx * fy;
        for (let c = 0; c < 3; c++) {
          const value =
            data[i00 + c]! * w00 +
            data[i00 + 3 + c]! * w10 +
            data[i01 + c]! * w01 +
            data[i01 + 3 + c]! * w11;
          tensor[d + c] = value * mul + add;
        }
        continue;
      }
      // Outside pixels count as black: weight 0.
      const w00 = x0 >= 0 && y0 >= 0 && x0 <= maxX && y0 <= maxY ? (1 - fx) * (1 - fy) : 0;
      const w10 = x0 + 1 >= 0 && y0 >= 0 && x0 + 1 <= maxX && y0 <= maxY ? fx * (1 - fy) : 0;
      const w01 = x0 >= 0 && y0 + 1 >= 0 && x0 <= maxX && y0 + 1 <= maxY ? (1 - fx) * fy : 0;
      const w11 = x0 + 1 >= 0 && y0 + 1 >= 0 && x0 + 1 <= maxX && y0 + 1 <= maxY ? fx * fy : 0;
      const i00 = (y0 * width + x0) * 3;
      const i10 = i00 + 3;
      const i01 = i00 + width * 3;
      const i11 = i01 + 3;
      for (let c = 0; c < 3; c++) {
        const value =
          (w00 ? data[i00 + c]! * w00 : 0) +
          (w10 ? data[i10 + c]! * w10 : 0) +
          (w01 ? data[i01 + c]! * w01 : 0) +
          (w11 ? data[i11 + c]! * w11 : 0);
        tensor[d + c] = value * mul + add;
      }
    }
  }
  return tensor;
}

/** A point of the crop (in crop pixels, 0..cropSize) back to image pixels. */
export function fromCrop(
  roi: Roi,
  cropSize: number,
  x: number,
  y: number,
): { x: number; y: number } {
  const nx = (x / cropSize - 0.5) * roi.size;
  const ny = (y / cropSize - 0.5) * roi.size;
  const cos = Math.cos(roi.rotation);
  const sin = Math.sin(roi.rotation);
  return { x: roi.cx + cos * nx - sin * ny, y: roi.cy + sin * nx + cos * ny };
}

/**
 * MediaPipe's pose ROI from two alignment points (hip centre, full-body scale point): centred on
 * the hips, twice their distance times 1.25 wide, rotated so the body axis points up.
 */
export function roiFromAlignment(
  hip: { x: number; y: number },
  scalePoint: { x: number; y: number },
): Roi {
  const size = 2 * Math.hypot(scalePoint.x - hip.x, scalePoint.y - hip.y) * 1.25;
  let rotation = Math.PI / 2 - Math.atan2(-(scalePoint.y - hip.y), scalePoint.x - hip.x);
  rotation = rotation - 2 * Math.PI * Math.floor((rotation + Math.PI) / (2 * Math.PI));
  return { cx: hip.x, cy: hip.y, size, rotation };
}
