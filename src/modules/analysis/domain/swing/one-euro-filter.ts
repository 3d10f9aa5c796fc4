/**
 * One Euro filter (Casiez et al. 2012): smooths jitter at low speed while following fast motion
 * with little lag, which is what a golf swing needs (still address, very fast downswing).
 */
export class OneEuroFilter {
  private prevValue: number | null = null;
  private prevDerivative = 0;
  private prevTime: number | null = null;

  constructor(
    private readonly minCutoff = 1.0,
    private readonly beta = 0.0,
    private readonly derivativeCutoff = 1.0,
  ) {}

  filter(value: number, time: number): number {
    if (this.prevValue === null || this.prevTime === null || time <= this.prevTime) {
      this.prevValue = value;
      this.prevTime = time;
      return value;
    }
    const dt = time - this.prevTime;
    const derivative = (value - this.prevValue) / dt;
    const smoothedDerivative = lowPass(
      derivative,
      this.prevDerivative,
      alpha(dt, this.derivativeCutoff),
    );
    const cutoff = this.minCutoff + this.beta * Math.abs(smoothedDerivative);
    const smoothed = lowPass(value, this.prevValue, alpha(dt, cutoff));
    this.prevValue = smoothed;
    this.prevDerivative = smoothedDerivative;
    this.prevTime = time;
    return smoothed;
  }
}

function alpha(dt: number, cutoff: number): number {
  const tau = 1 / (2 * Math.PI * cutoff);
  return 1 / (1 + tau / dt);
}

function lowPass(value: number, previous: number, a: number): number {
  return a * value + (1 - a) * previous;
}
