/**
 * The coaching paragraph under an analysis. Built only from what was measured (the report): the
 * deterministic text needs nothing else, and the facts handed to a language model are the same
 * measured lines, so it has nothing to invent from.
 */
import { bestMetrics, isTrusted, type Drill, type SwingReport } from '../../swing-engine/rules';

export interface Coaching {
  text: string;
  source: 'measured-rules' | 'language-model';
}

const UNIT: Record<string, string> = { deg: '°', cm: ' cm', ratio: '', '%': '%' };

/**
 * One line per metric trusted enough to speak about (from the video that measured it better, as
 * the assessment reads it), then the assessment's findings.
 */
export function coachingFacts(report: SwingReport): string[] {
  const metrics = bestMetrics(report.faceOn, report.downTheLine)
    .filter(isTrusted)
    .map(
      (m) =>
        `${m.label}: ${round(m.value)}${UNIT[m.unit] ?? ''} (confidence ${m.confidence.toFixed(2)})`,
    );
  const a = report.assessment;
  return [
    `Golfer: ${report.faceOn.handedness}-handed`,
    ...metrics,
    ...a.strengths.map((s) => `Strength: ${s}`),
    ...a.keyIssues.map((s) => `Key issue: ${s}`),
    ...a.recommendations.map((s) => `Recommendation: ${s}`),
    ...a.drills.map((d) => `Drill: ${d.exercise} (for: ${d.finding})`),
    ...(report.launchMonitor ? [`Launch monitor: ${report.launchMonitor.assessment}`] : []),
  ];
}

export function deterministicCoaching(report: SwingReport): Coaching {
  const a = report.assessment;
  const parts: string[] = [];
  if (a.strengths.length) parts.push(`What is working: ${lower(a.strengths[0]!)}.`);
  // Every weakness carries its key issue (decision 0014): no issues means nothing to fix.
  if (a.keyIssues.length) {
    parts.push(
      a.keyIssues.length === 1
        ? `The main thing to work on: ${lower(a.keyIssues[0]!)}.`
        : `The main things to work on: ${a.keyIssues.slice(0, 3).map(lower).join('; ')}.`,
    );
    if (a.recommendations.length) parts.push(a.recommendations[0]!);
  } else {
    parts.push('No measured issue stood out in this swing.');
  }
  const drills = drillSentence(a.drills.slice(0, 2));
  if (drills) parts.push(drills);
  if (report.launchMonitor) parts.push(report.launchMonitor.assessment);
  return { text: parts.join(' '), source: 'measured-rules' };
}

export const COACHING_SYSTEM_PROMPT =
  'You are a golf fitness coach. Write one short paragraph (at most 90 words) for the golfer, ' +
  'in the second person, using only the measurements and findings given. Do not mention any ' +
  'number, fault or drill that is not in them. Plain text, no lists, no headings.';

export function coachingUserPrompt(report: SwingReport): string {
  return `Measured from the golfer's swing video:\n${coachingFacts(report)
    .map((line) => `- ${line}`)
    .join('\n')}`;
}

/** 'Start with A and B for the limited shoulder turn (62°).': each drill names its finding. */
function drillSentence(drills: Drill[]): string | null {
  const [first, second] = drills;
  if (!first) return null;
  if (!second) return `Start with ${first.exercise} for ${lower(first.finding)}.`;
  if (second.finding === first.finding) {
    return `Start with ${first.exercise} and ${second.exercise} for ${lower(first.finding)}.`;
  }
  return (
    `Start with ${first.exercise} (for ${lower(first.finding)}) and ` +
    `${second.exercise} (for ${lower(second.finding)}).`
  );
}

const round = (v: number) => Math.round(v * 10) / 10;
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1).replace(/\.$/, '');
