import {
  BENCHMARK_GROUPS,
  CLUBS,
  CLUBS_BY_LENGTH,
  LPGA_TOUR_CARRY_YDS,
  TOUR_CARRY_YDS,
  TOUR_SPIN_RPM,
  parseClub,
  speedBenchmark,
  tourCarry,
  tourGroup,
  tourSpin,
  tourTotal,
  type BenchmarkGroup,
  type Club,
} from './club-benchmarks';

/** Rows spec section 9 gives: copied verbatim, published smash kept. */
const SPEC_ROWS: ReadonlyArray<[Club, BenchmarkGroup, number, number, number]> = [
  ['driver', 'tourMale', 115, 171, 1.48],
  ['driver', 'tourFemale', 94, 139, 1.48],
  ['driver', 'amateurMale', 93, 137, 1.47],
  ['driver', 'amateurFemale', 79, 117, 1.48],
  ['7-iron', 'tourMale', 90, 120, 1.33],
  ['7-iron', 'tourFemale', 73, 97, 1.33],
];
const isSpecRow = (club: Club, group: BenchmarkGroup) =>
  SPEC_ROWS.some(([c, g]) => c === club && g === group);

const allRows = CLUBS.flatMap((club) =>
  BENCHMARK_GROUPS.map((group) => [club, group] as [Club, BenchmarkGroup]),
);

describe('club list', () => {
  it('is spec section 3: 15 clubs, 3-iron to 9-iron included', () => {
    expect(CLUBS).toHaveLength(15);
    expect(CLUBS).toEqual(expect.arrayContaining(['4-iron', 'gap-wedge', 'hybrid']));
    expect([...CLUBS_BY_LENGTH].sort()).toEqual([...CLUBS].sort());
  });

  it.each([
    ['driver', 'driver'],
    ['7 Iron', '7-iron'],
    ['  Pitching Wedge ', 'pitching-wedge'],
    ['GAP_WEDGE', 'gap-wedge'],
    ['putter', null],
    ['', null],
  ])('parses %j as %s', (text, club) => {
    expect(parseClub(text)).toBe(club);
  });
});

describe('speed benchmarks', () => {
  it.each(SPEC_ROWS)('%s %s is the spec row %i / %i / %s', (club, group, cs, bs, smash) => {
    expect(speedBenchmark(club, group)).toEqual({
      clubSpeed: cs,
      ballSpeed: bs,
      smashFactor: smash,
    });
  });

  it.each(allRows)('%s %s: ball faster than club, smash 1.0-1.6 and within rounding', (c, g) => {
    const row = speedBenchmark(c, g);
    expect(row.ballSpeed).toBeGreaterThan(row.clubSpeed);
    expect(row.smashFactor).toBeGreaterThanOrEqual(1.0);
    expect(row.smashFactor).toBeLessThanOrEqual(1.6);
    expect(Math.abs(row.smashFactor - row.ballSpeed / row.clubSpeed)).toBeLessThanOrEqual(0.01);
  });

  it.each(allRows.filter(([c, g]) => !isSpecRow(c, g)))(
    '%s %s (filled): smash is ball / club to 2 decimals',
    (club, group) => {
      const row = speedBenchmark(club, group);
      expect(row.smashFactor).toBe(Math.round((row.ballSpeed / row.clubSpeed) * 100) / 100);
    },
  );

  it.each(BENCHMARK_GROUPS)('%s: club and ball speed do not rise as clubs get shorter', (group) => {
    // The spec's tour-female 7-iron (73 mph) sits below TrackMan's LPGA 8-iron (74 mph).
    const rows = CLUBS_BY_LENGTH.filter((club) => group !== 'tourFemale' || club !== '7-iron');
    for (let i = 1; i < rows.length; i++) {
      const longer = speedBenchmark(rows[i - 1]!, group);
      const shorter = speedBenchmark(rows[i]!, group);
      expect(shorter.clubSpeed).toBeLessThanOrEqual(longer.clubSpeed);
      expect(shorter.ballSpeed).toBeLessThan(longer.ballSpeed);
    }
  });

  it.each(CLUBS)('%s: tour is faster than amateur, male faster than female', (club) => {
    const speed = (group: BenchmarkGroup) => speedBenchmark(club, group).clubSpeed;
    expect(speed('tourMale')).toBeGreaterThan(speed('amateurMale'));
    expect(speed('tourFemale')).toBeGreaterThan(speed('amateurFemale'));
    expect(speed('tourMale')).toBeGreaterThan(speed('tourFemale'));
    expect(speed('amateurMale')).toBeGreaterThan(speed('amateurFemale'));
  });
});

describe('tourGroup', () => {
  it.each([
    ['lpga', 'tourFemale'],
    ['pga', 'tourMale'],
    [null, 'tourMale'],
    [undefined, 'tourMale'],
  ] as const)('%s -> %s', (comparison, group) => {
    expect(tourGroup(comparison)).toBe(group);
  });
});

describe('tour carry, total and spin', () => {
  it('carries are spec section 9 verbatim', () => {
    expect(TOUR_CARRY_YDS).toMatchObject({
      driver: 275,
      '3-wood': 243,
      '5-wood': 230,
      '4-iron': 203,
      '5-iron': 194,
      '6-iron': 183,
      '7-iron': 172,
      '8-iron': 160,
      '9-iron': 148,
      'pitching-wedge': 136,
      'gap-wedge': 125,
      'sand-wedge': 105,
      'lob-wedge': 85,
    });
  });

  it('spins are spec section 9 verbatim, wedges below the pitching wedge unknown', () => {
    expect(TOUR_SPIN_RPM).toMatchObject({
      driver: 2200,
      '3-wood': 3000,
      '5-wood': 3500,
      '7-iron': 7000,
      '8-iron': 8000,
      '9-iron': 8500,
      'pitching-wedge': 9000,
    });
    expect(tourSpin('gap-wedge')).toBeNull();
    expect(tourSpin('sand-wedge')).toBeNull();
    expect(tourSpin('lob-wedge')).toBeNull();
  });

  it('carry and spin fall and rise through the bag where known', () => {
    const known = <T>(values: (T | null | undefined)[]) => values.filter((v): v is T => v != null);
    const carries = known(CLUBS_BY_LENGTH.map((c) => TOUR_CARRY_YDS[c]));
    const lpga = known(CLUBS_BY_LENGTH.map((c) => LPGA_TOUR_CARRY_YDS[c]));
    const spins = known(CLUBS_BY_LENGTH.map((c) => TOUR_SPIN_RPM[c]));
    expect(carries).toEqual([...carries].sort((a, b) => b - a));
    expect(lpga).toEqual([...lpga].sort((a, b) => b - a));
    expect(spins).toEqual([...spins].sort((a, b) => a - b));
    expect(carries).toHaveLength(15);
  });

  it.each([
    ['driver', 'pga', 275, 300],
    ['driver', 'lpga', 218, null],
    ['7-iron', 'pga', 172, null],
    ['7-iron', 'lpga', 141, null],
    ['3-iron', 'lpga', null, null],
    ['lob-wedge', 'pga', 85, null],
  ] as const)('%s %s: carry %s, total %s', (club, comparison, carry, total) => {
    expect(tourCarry(club, comparison)).toBe(carry);
    expect(tourTotal(club, comparison)).toBe(total);
  });
});
