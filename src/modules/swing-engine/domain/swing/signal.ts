/** Small numeric helpers for per-frame signals (arrays indexed like the pose frames). */

/** Fills NaN gaps by linear interpolation; leading/trailing gaps take the nearest value. */
export function fillGaps(values: number[]): number[] {
  const out = values.slice();
  const known = out.map((v, i) => (Number.isFinite(v) ? i : -1)).filter((i) => i >= 0);
  if (known.length === 0) return out;
  for (let i = 0; i < out.length; i++) {
    if (Number.isFinite(out[i]!)) continue;
    const next = known.find((k) => k > i);
    const prev = [...known].reverse().find((k) => k < i);
    if (prev === undefined) out[i] = out[next!]!;
    else if (next === undefined) out[i] = out[prev]!;
    else out[i] = out[prev]! + ((out[next]! - out[prev]!) * (i - prev)) / (next - prev);
  }
  return out;
}

/** Centred moving average over `radius` samples each side (shrinks at the edges). */
export function smooth(values: number[], radius: number): number[] {
  if (radius <= 0) return values.slice();
  return values.map((_, i) => {
    let sum = 0;
    let n = 0;
    for (let j = Math.max(0, i - radius); j <= Math.min(values.length - 1, i + radius); j++) {
      sum += values[j]!;
      n++;
    }
    return sum / n;
  });
}

/** Per-second rate of change by central differences over the frame times. */
export function derivative(values: number[], times: number[]): number[] {
  return values.map((_, i) => {
    const a = Math.max(0, i - 1);
    const b = Math.min(values.length - 1, i + 1);
    const dt = times[b]! - times[a]!;
    return dt > 0 ? (values[b]! - values[a]!) / dt : 0;
  });
}

export function argMax(values: number[], from = 0, to = values.length - 1): number {
  let best = Math.max(0, from);
  for (let i = best; i <= Math.min(to, values.length - 1); i++) {
    if (values[i]! > values[best]!) best = i;
  }
  return best;
}

export function argMin(values: number[], from = 0, to = values.length - 1): number {
  let best = Math.max(0, from);
  for (let i = best; i <= Math.min(to, values.length - 1); i++) {
    if (values[i]! < values[best]!) best = i;
  }
  return best;
}

export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Angle difference in degrees wrapped to (-180, 180]. */
export function wrapDegrees(deg: number): number {
  let d = deg % 360;
  if (d <= -180) d += 360;
  if (d > 180) d -= 360;
  return d;
}

/**
 * Unwraps a series of angles (degrees) so that each stays within 180 of the median of the three
 * finite values before it. Against the one value before, a single frame the pose model turned
 * round (a left-right swap) shifted every later frame by a full turn: a 79-degree shoulder turn
 * read 281.
 */
export function unwrapDegrees(values: number[]): number[] {
  const out: number[] = [];
  const recent: number[] = [];
  for (const v of values) {
    if (!Number.isFinite(v)) {
      out.push(v);
      continue;
    }
    const reference = recent.length ? median(recent) : v;
    const unwrapped = reference + wrapDegrees(v - reference);
    out.push(unwrapped);
    recent.push(unwrapped);
    if (recent.length > 3) recent.shift();
  }
  return out;
}
