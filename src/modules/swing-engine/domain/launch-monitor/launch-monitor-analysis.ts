/**
 * What the launch monitor numbers say against tour averages (spec sections 5 and 9). Every
 * sentence here is built from the golfer's numbers and the benchmark tables, nothing else.
 */
import {
  ballFlight,
  clubPathLabel,
  formatDegrees,
  startLine,
  type BallFlight,
  type ClubPathLabel,
  type Handedness,
  type StartLine,
} from './ball-flight';
import {
  CLUB_LABELS,
  speedBenchmark,
  tourCarry,
  tourGroup,
  tourSpin,
  tourTotal,
  type BenchmarkGroup,
  type Club,
  type TourComparison,
} from './club-benchmarks';
import type { LaunchMonitorData } from './launch-monitor-input';
import type { Finding } from '../swing/swing-assessment';

// Callers get the ball-flight laws from here too.
export * from './ball-flight';

export type Metric = 'clubSpeed' | 'ballSpeed' | 'smashFactor' | 'carry' | 'total' | 'spinRate';

/** better / worse in the metric's good direction; tour-like within the tolerance below. */
export type Verdict = 'better' | 'tour-like' | 'worse';

export interface MetricComparison {
  metric: Metric;
  label: string;
  unit: string;
  value: number;
  tour: number;
  /** value - tour (smash to 2 decimals, the rest to 1). */
  difference: number;
  /** difference as a percentage of tour, 1 decimal. */
  percent: number;
  /** Which side is good: lower only for driver spin (spec section 9). */
  better: 'higher' | 'lower';
  verdict: Verdict;
}

/**
 * Our tolerance for "at tour level": within 5% of the tour figure, or 0.02 of smash factor (a
 * smash step of 0.02 is about 2 mph of ball speed at driver speeds). The spec gives no figure.
 */
export const TOUR_LIKE_PERCENT = 5;
export const TOUR_LIKE_SMASH = 0.02;

const METRIC_TEXT: Record<Metric, { label: string; unit: string; decimals: number }> = {
  clubSpeed: { label: 'Club speed', unit: 'mph', decimals: 1 },
  ballSpeed: { label: 'Ball speed', unit: 'mph', decimals: 1 },
  smashFactor: { label: 'Smash factor', unit: '', decimals: 2 },
  carry: { label: 'Carry', unit: 'yds', decimals: 1 },
  total: { label: 'Total', unit: 'yds', decimals: 1 },
  spinRate: { label: 'Spin', unit: 'rpm', decimals: 0 },
};

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  // EPSILON keeps x.xx5 cases (1.005) rounding up as people expect.
  return Math.round((value + Math.sign(value) * Number.EPSILON) * factor) / factor;
}

/** Spec section 9: ball speed / club speed, 2 decimals; null without a positive club speed. */
export function smashFactor(ballSpeed: number, clubSpeed: number): number | null {
  return clubSpeed > 0 ? roundTo(ballSpeed / clubSpeed, 2) : null;
}

/** Spec section 9: lower spin is better only with the driver; higher with every other club. */
export function spinPreference(club: Club): 'higher' | 'lower' {
  return club === 'driver' ? 'lower' : 'higher';
}

export function compareMetric(
  metric: Metric,
  value: number,
  tour: number,
  better: 'higher' | 'lower' = 'higher',
): MetricComparison {
  const { label, unit, decimals } = METRIC_TEXT[metric];
  const raw = value - tour;
  const percent = tour === 0 ? 0 : roundTo((raw / tour) * 100, 1);
  const tourLike =
    metric === 'smashFactor'
      ? Math.abs(roundTo(raw, 2)) <= TOUR_LIKE_SMASH
      : Math.abs(percent) <= TOUR_LIKE_PERCENT;
  const ahead = better === 'higher' ? raw > 0 : raw < 0;
  return {
    metric,
    label,
    unit,
    value,
    tour,
    difference: roundTo(raw, Math.max(decimals, 1)),
    percent,
    better,
    verdict: tourLike ? 'tour-like' : ahead ? 'better' : 'worse',
  };
}

/** Spin against the tour spin table; null where the table has no figure for the club. */
export function spinComparison(club: Club, spinRate: number): MetricComparison | null {
  const tour = tourSpin(club);
  return tour === null ? null : compareMetric('spinRate', spinRate, tour, spinPreference(club));
}

/** Carry against tour carry (LPGA carries for an lpga comparison); null where unknown. */
export function carryComparison(
  club: Club,
  carry: number,
  comparison: TourComparison,
): MetricComparison | null {
  const tour = tourCarry(club, comparison);
  return tour === null ? null : compareMetric('carry', carry, tour);
}

/** Per-metric differences from the tour row: the female row for lpga, otherwise the male row. */
export function compareWithTour(data: LaunchMonitorData): MetricComparison[] {
  const club = data.clubSelection;
  const row = speedBenchmark(club, tourGroup(data.tourComparison));
  const smash = smashFactor(data.ballSpeed, data.clubSpeed);
  const metrics: Array<MetricComparison | null> = [
    compareMetric('clubSpeed', data.clubSpeed, row.clubSpeed),
    compareMetric('ballSpeed', data.ballSpeed, row.ballSpeed),
    smash === null ? null : compareMetric('smashFactor', smash, row.smashFactor),
    data.carry === null ? null : carryComparison(club, data.carry, data.tourComparison),
    data.total === null ? null : totalComparison(club, data.total, data.tourComparison),
    data.spinRate === null ? null : spinComparison(club, data.spinRate),
  ];
  return metrics.filter((m): m is MetricComparison => m !== null);
}

function totalComparison(club: Club, total: number, comparison: TourComparison) {
  const tour = tourTotal(club, comparison);
  return tour === null ? null : compareMetric('total', total, tour);
}

export interface LaunchMonitorAnalysis {
  club: Club;
  tourComparison: TourComparison;
  benchmarkGroup: BenchmarkGroup;
  handedness: Handedness;
  smashFactor: number;
  metrics: MetricComparison[];
  /** Needs face angle and club path. */
  ballFlight: BallFlight | null;
  /** Needs face angle only. */
  startLine: StartLine | null;
  clubPathLabel: ClubPathLabel | null;
  /** launchMonitorAssessment (spec section 3). */
  assessment: string;
  /** The findings the swing assessment takes in; the three lists below are read from them. */
  findings: Finding[];
  strengths: string[];
  weaknesses: string[];
  keyIssues: string[];
}

export function analyzeLaunchMonitor(
  data: LaunchMonitorData,
  handedness: Handedness,
): LaunchMonitorAnalysis {
  const face = data.faceAngle;
  const path = data.clubPath;
  const facts: Facts = {
    data,
    metrics: compareWithTour(data),
    flight: face !== null && path !== null ? ballFlight(face, path, handedness) : null,
    start: face === null ? null : startLine(face, handedness),
    pathLabel: path === null ? null : clubPathLabel(path),
  };
  const findings = launchFindings(facts);
  return {
    club: data.clubSelection,
    tourComparison: data.tourComparison,
    benchmarkGroup: tourGroup(data.tourComparison),
    handedness,
    smashFactor: smashFactor(data.ballSpeed, data.clubSpeed) ?? 0,
    metrics: facts.metrics,
    ballFlight: facts.flight,
    startLine: facts.start,
    clubPathLabel: facts.pathLabel,
    assessment: assessment(facts),
    findings,
    strengths: findings.flatMap((f) => ('strength' in f ? [f.strength] : [])),
    weaknesses: findings.flatMap((f) => ('weakness' in f ? [f.weakness] : [])),
    keyIssues: findings.flatMap((f) => ('issue' in f ? [f.issue] : [])),
  };
}

interface Facts {
  data: LaunchMonitorData;
  metrics: MetricComparison[];
  flight: BallFlight | null;
  start: StartLine | null;
  pathLabel: ClubPathLabel | null;
}

function number(value: number, decimals: number): string {
  return String(roundTo(value, decimals));
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function withUnit(m: MetricComparison, value: number): string {
  const text = number(value, METRIC_TEXT[m.metric].decimals);
  return m.unit ? `${text} ${m.unit}` : text;
}

/** '105 mph (tour 115 mph)'; spin tour figures are approximate in the spec ('about'). */
function valueAndTour(m: MetricComparison): string {
  const about = m.metric === 'spinRate' ? 'about ' : '';
  return `${withUnit(m, m.value)} (tour ${about}${withUnit(m, m.tour)})`;
}

/** 'club speed 105 mph vs tour 115 mph (-8.7%)' */
function versus(m: MetricComparison): string {
  const about = m.metric === 'spinRate' ? 'about ' : '';
  const percent = `${m.percent > 0 ? '+' : ''}${m.percent}%`;
  return `${m.label.toLowerCase()} ${withUnit(m, m.value)} vs tour ${about}${withUnit(m, m.tour)} (${percent})`;
}

function spinReason(m: MetricComparison): string {
  return m.better === 'lower'
    ? 'lower spin is better with the driver'
    : 'higher spin is better with this club';
}

function assessment({ data, metrics, flight, start, pathLabel }: Facts): string {
  const by = (metric: Metric) => metrics.find((m) => m.metric === metric);
  const present = (list: Array<MetricComparison | undefined>) =>
    list.filter((m): m is MetricComparison => m !== undefined);
  const tour = data.tourComparison === 'lpga' ? 'LPGA Tour' : 'PGA Tour';
  const sentences: string[] = [];

  const smash = by('smashFactor');
  const smashText = smash
    ? `; smash factor ${number(smash.value, 2)} vs tour ${number(smash.tour, 2)}`
    : '';
  const speeds = present([by('clubSpeed'), by('ballSpeed')])
    .map(versus)
    .join(', ');
  sentences.push(
    `${CLUB_LABELS[data.clubSelection]} against ${tour} averages: ${speeds}${smashText}.`,
  );

  const distances = present([by('carry'), by('total')]);
  if (distances.length) sentences.push(`${capitalise(distances.map(versus).join(', '))}.`);

  const spin = by('spinRate');
  if (spin) sentences.push(`${capitalise(versus(spin))}: ${spinReason(spin)}.`);
  else if (data.spinRate !== null) {
    sentences.push(`Spin ${data.spinRate} rpm (no tour spin figure for this club).`);
  }

  if (flight) sentences.push(flight.description);
  else if (data.faceAngle !== null && start !== null) {
    const where = start === 'on-target' ? 'starts on target' : `starts ${start} of target`;
    sentences.push(`Face angle ${formatDegrees(data.faceAngle)}: ball ${where}.`);
  }
  if (data.clubPath !== null && pathLabel !== null) {
    sentences.push(`Club path ${formatDegrees(data.clubPath)}: ${pathLabel}.`);
  }
  return sentences.join(' ');
}

/** Advice and drills for a number short of tour; the finding names it (decision 0014). */
const SHORTFALL: Record<Metric, { recommendation: string; exercises?: string[] }> = {
  clubSpeed: {
    recommendation: 'Build rotational power: speed comes from the hips and torso, not the arms.',
    exercises: ['Half-Kneeling Chop', 'Pallof Press'],
  },
  ballSpeed: { recommendation: 'Find the centre of the face: ball speed follows the strike.' },
  smashFactor: { recommendation: 'Find the centre of the face: a centred strike lifts smash.' },
  carry: { recommendation: 'Carry follows speed and strike: work on those first.' },
  total: { recommendation: 'Total follows carry and launch: work on speed and strike first.' },
  spinRate: { recommendation: 'Check the launch and strike with a coach to bring spin in range.' },
};

/**
 * One finding per compared number: better than tour or at tour level and not short of it is a
 * strength; short of tour beyond TOUR_LIKE_PERCENT (the same for every speed) a weakness;
 * within it but short, nothing: close to tour is neither praise nor fault.
 */
function metricFinding(m: MetricComparison): Finding | null {
  const short = m.better === 'higher' ? m.percent < 0 : m.percent > 0;
  if (m.verdict === 'tour-like') {
    return short ? null : { strength: `${m.label} at tour level: ${valueAndTour(m)}` };
  }
  const direction = m.percent > 0 ? 'above' : 'below';
  const amount = m.metric === 'smashFactor' ? '' : ` ${Math.abs(m.percent)}%`;
  const reason = m.metric === 'spinRate' ? `; ${spinReason(m)}` : '';
  const text = `${m.label}${amount} ${direction} tour average: ${valueAndTour(m)}${reason}`;
  if (m.verdict === 'better') return { strength: text };
  return {
    weakness: text,
    issue: `${m.label}${amount} ${direction} tour average`,
    ...SHORTFALL[m.metric],
  };
}

/** Every finding of the launch data, strengths and faults alike (the assessment's one list). */
function launchFindings(facts: Facts): Finding[] {
  const { data, metrics, flight, start, pathLabel } = facts;
  const findings: Finding[] = [];
  for (const m of metrics) {
    const finding = metricFinding(m);
    if (finding) findings.push(finding);
  }
  if (flight?.faceToPathLabel === 'square') {
    findings.push({
      strength: `Face square to path (${formatDegrees(flight.faceToPath)}): straight flight`,
    });
  }
  if (data.faceAngle !== null && start === 'on-target') {
    findings.push({
      strength: `Face square to target at impact (${formatDegrees(data.faceAngle)})`,
    });
  }
  if (flight && flight.curve !== 'straight') {
    const shape = flight.curve === 'fade' ? 'Fade' : 'Draw';
    const angle = formatDegrees(Math.abs(flight.faceToPath));
    const issue = `${shape}: face ${angle} ${flight.faceToPathLabel} to path, ball curves ${flight.curveSide}`;
    findings.push({
      weakness: issue,
      issue,
      recommendation: 'Match the face to the path at impact to straighten the curve.',
    });
  }
  if (data.faceAngle !== null && start !== null && start !== 'on-target') {
    const face = data.faceAngle > 0 ? 'open' : 'closed';
    const angle = formatDegrees(Math.abs(data.faceAngle));
    const issue = `Ball starts ${start} of target: face ${angle} ${face} at impact`;
    findings.push({
      weakness: issue,
      issue,
      recommendation: 'Square the face to the target at impact: the face sets the start line.',
    });
  }
  if (data.clubPath !== null && pathLabel !== null) {
    const text = `${pathLabel} (${formatDegrees(data.clubPath)})`;
    if (pathLabel === 'Neutral Path') findings.push({ strength: text });
    else {
      findings.push({
        weakness: text,
        issue: text,
        recommendation: 'Swing more along the target line through impact.',
      });
    }
  }
  return findings;
}
