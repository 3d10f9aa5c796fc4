import { createHash } from 'node:crypto';
import {
  analyzeLaunchMonitor,
  FOCUS_CATEGORIES,
  type LaunchMonitorData,
  type MetricKey,
} from '../../swing-engine/rules';
import { assessSwing } from '../../swing-engine/domain/swing/swing-assessment';
import { swingMetric } from '../../../../test/support/swing-metric';
import { EXERCISE_CATALOG, exerciseByName, exercisesFor, findExercise } from './exercise-catalog';
import { difficultyLabel, formatDuration } from './exercise';
import { renderExerciseSvg } from './exercise-illustration';

/** Every exercise the swing engine can recommend, found by running its rules over values. */
function engineRecommendations(): Set<string> {
  const names = new Set<string>();
  const keys: MetricKey[] = [
    'shoulderTurn',
    'hipTurn',
    'xFactor',
    'spineAngleChange',
    'lateralSway',
    'headMovement',
    'leadArmBend',
    'tempo',
    'finishBalance',
  ];
  for (const key of keys) {
    for (let value = -30; value <= 130; value += 0.5) {
      assessSwing([swingMetric(key, value)]).exerciseRecommendations.forEach((e) => names.add(e));
    }
  }
  const short: LaunchMonitorData = {
    clubSelection: 'driver',
    tourComparison: 'pga',
    clubSpeed: 80,
    ballSpeed: 110,
    age: null,
    clubPath: -6,
    faceAngle: 4,
    spinRate: 4000,
    carry: 150,
    total: 170,
  };
  for (const finding of analyzeLaunchMonitor(short, 'right').findings) {
    if ('exercises' in finding) finding.exercises?.forEach((e) => names.add(e));
  }
  return names;
}

describe('the exercise catalog', () => {
  it('has at least 80 exercises, at least 8 for every focus area', () => {
    expect(EXERCISE_CATALOG.length).toBeGreaterThanOrEqual(80);
    for (const focus of FOCUS_CATEGORIES) {
      expect({ focus, enough: exercisesFor(focus).length >= 8 }).toEqual({ focus, enough: true });
      // A free golfer's workout can cover every focus area too.
      expect({ focus, free: exercisesFor(focus).some((e) => !e.isPremium) }).toEqual({
        focus,
        free: true,
      });
    }
  });

  it('keeps about a third free, and every category in it', () => {
    const free = EXERCISE_CATALOG.filter((e) => !e.isPremium).length;
    expect(free / EXERCISE_CATALOG.length).toBeGreaterThan(0.28);
    expect(free / EXERCISE_CATALOG.length).toBeLessThan(0.42);
    for (const category of ['mobility', 'strength', 'balance'] as const) {
      expect(EXERCISE_CATALOG.filter((e) => e.category === category).length).toBeGreaterThan(15);
    }
  });

  it('has unique slugs, names and descriptions, 2-4 cues, and sane doses', () => {
    const unique = (values: string[]) => new Set(values.map((v) => v.toLowerCase())).size;
    expect(unique(EXERCISE_CATALOG.map((e) => e.slug))).toBe(EXERCISE_CATALOG.length);
    expect(unique(EXERCISE_CATALOG.map((e) => e.name))).toBe(EXERCISE_CATALOG.length);
    expect(unique(EXERCISE_CATALOG.map((e) => e.description))).toBe(EXERCISE_CATALOG.length);
    for (const e of EXERCISE_CATALOG) {
      expect(e.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(e.cues.length).toBeGreaterThanOrEqual(2);
      expect(e.cues.length).toBeLessThanOrEqual(4);
      expect(e.focusAreas.length).toBeGreaterThanOrEqual(1);
      expect(e.focusAreas.length).toBeLessThanOrEqual(3);
      expect(e.durationSeconds).toBeGreaterThanOrEqual(30);
      expect(e.sets).toBeGreaterThanOrEqual(1);
      expect(e.repetitions).toBeGreaterThanOrEqual(1);
      expect(e.golfReason.length).toBeGreaterThan(20);
    }
  });

  it('progresses to a harder exercise that exists, without cycles', () => {
    for (const e of EXERCISE_CATALOG) {
      if (!e.harderVariant) continue;
      const harder = findExercise(e.harderVariant);
      expect({ from: e.slug, to: harder?.slug }).toEqual({ from: e.slug, to: e.harderVariant });
      expect(harder!.difficulty).toBeGreaterThanOrEqual(e.difficulty);
      const seen = new Set([e.slug]);
      for (let next = harder; next?.harderVariant; next = findExercise(next.harderVariant)) {
        expect(seen.has(next.slug)).toBe(false);
        seen.add(next.slug);
      }
    }
  });

  it('holds every exercise the swing analysis recommends, by name', () => {
    const recommended = engineRecommendations();
    expect(recommended.size).toBeGreaterThan(10);
    for (const name of recommended) {
      expect({ name, found: exerciseByName(name) !== undefined }).toEqual({ name, found: true });
    }
  });

  it('draws every exercise its own well-formed illustration', () => {
    const hashes = new Set<string>();
    for (const e of EXERCISE_CATALOG) {
      const svg = renderExerciseSvg(e);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).toContain(`<title>`);
      expect(svg).not.toMatch(/<script|href=|NaN|undefined/);
      // Well-formed: every opened element is closed or self-closing.
      const opened = (svg.match(/<(svg|title)\b/g) ?? []).length;
      const closed = (svg.match(/<\/(svg|title)>/g) ?? []).length;
      expect(opened).toBe(closed);
      const body = svg.replace(/<title>.*<\/title>/, '');
      hashes.add(createHash('sha1').update(body).digest('hex'));
    }
    expect(hashes.size).toBe(EXERCISE_CATALOG.length);
  });

  it('escapes the name in the illustration title', () => {
    const svg = renderExerciseSvg({
      name: 'Reach <up> & "over"',
      illustration: { posture: 'stand', arms: 'down' },
    });
    expect(svg).toContain('<title>Reach &lt;up&gt; &amp; &quot;over&quot;</title>');
  });
});

describe('difficultyLabel and formatDuration', () => {
  it.each([
    [1, 'Easy'],
    [2, 'Easy'],
    [3, 'Medium'],
    [4, 'Hard'],
    [5, 'Hard'],
  ])('difficulty %d reads %s', (d, label) => {
    expect(difficultyLabel(d)).toBe(label);
  });

  it('shows durations as m:ss', () => {
    expect(formatDuration(45)).toBe('0:45');
    expect(formatDuration(90)).toBe('1:30');
    expect(formatDuration(600)).toBe('10:00');
  });
});
