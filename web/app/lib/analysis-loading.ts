/** The loading screen's clock (spec sections 4 and 9), pure so it can be tested. */

/** Spec section 4: four steps over 30 s climbing to 90%, then 95% until the poll says done. */
export const LOADING_STEPS = [
  { label: 'Processing video upload', seconds: 2 },
  { label: 'Analyzing swing biomechanics', seconds: 15 },
  { label: 'Calculating mobility measurements', seconds: 8 },
  { label: 'Generating recommendations', seconds: 5 },
] as const;

export const CLIMB_MS = 30_000;
export const POLL_MS = 2_000;
export const RESULTS_DELAY_MS = 1_000;
export const FAILURE_TIMEOUT_MS = 60_000;

/** Progress shown at `elapsed` ms: 90% over 30 s, then held at 95%. */
export function loadingProgress(elapsed: number): number {
  if (elapsed >= CLIMB_MS) return 95;
  return Math.floor((elapsed / CLIMB_MS) * 90);
}

/** Index of the step running at `elapsed` ms (the last once all are done). */
export function activeStep(elapsed: number): number {
  let end = 0;
  for (let i = 0; i < LOADING_STEPS.length; i += 1) {
    end += LOADING_STEPS[i]!.seconds * 1000;
    if (elapsed < end) return i;
  }
  return LOADING_STEPS.length;
}
