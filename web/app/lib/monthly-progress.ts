export interface Progress {
  text: string;
  direction: 'up' | 'down' | 'level';
  percent: number | null;
}

/** Spec section 9: under 0.1 reads 'On average', otherwise '+X mph' with arrow and percent. */
export function progressAgainst(value: number, average: number, unit: string): Progress {
  const diff = Math.round((value - average) * 10) / 10;
  // 98.1 - 98 is 0.0999... in floating point: it still reads +0.1.
  if (Math.abs(value - average) < 0.1 - 1e-9)
    return { text: 'On average', direction: 'level', percent: null };
  const percent = average === 0 ? null : Math.round(((value - average) / average) * 1000) / 10;
  return {
    text: `${diff > 0 ? '+' : ''}${diff}${unit}`,
    direction: diff > 0 ? 'up' : 'down',
    percent,
  };
}
