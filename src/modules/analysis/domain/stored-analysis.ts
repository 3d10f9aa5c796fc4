import type { Coaching } from './coaching-text';
import { SWING_EVENTS, type SwingEventName, type SwingReport } from '../../swing-engine/rules';

/**
 * What a finished analysis row keeps in its `analysis_results` column: one versioned value, read
 * back only through `readStoredAnalysis`. Whether the analysis failed is the row's `status`; the
 * failure here only says why. The spec's response fields (technicalDetails, mobilityAnalysis,
 * analysisResults, hasError, isComplete) are derived from this at the edge (analysis-view.ts).
 */
export const STORED_ANALYSIS_VERSION = 2;

/** The mobility texts of spec section 3 (shoulderTurn, hipRotation, spineAngle...: degree text). */
export type MobilityAnalysis = Record<string, string>;

/** Why the analysis could not be made, in the golfer's words. */
export interface StoredFailure {
  reason: string;
  title: string;
  message: string;
}

/** Which artifacts the winning run wrote (their URLs are derived from the analysis id). */
export interface StoredMedia {
  /** The uploads whose pose track was written. */
  poseTracks: ('face-on' | 'down-the-line')[];
  /** Swing events with a face-on still. */
  eventStills: SwingEventName[];
}

export interface StoredAnalysisResults {
  version: typeof STORED_ANALYSIS_VERSION;
  /** The engine's report; null on a failed analysis and on older rows that kept only texts. */
  report: SwingReport | null;
  coaching: Coaching | null;
  media: StoredMedia;
  /** Stage timings of the run, in ms. */
  timings: Record<string, number> | null;
  failure: StoredFailure | null;
  /**
   * Older rows (before version 2) without a report kept the mobility texts on their own; new rows
   * never write this (the report's assessment holds them).
   */
  legacyMobilityAnalysis?: MobilityAnalysis;
}

export type StoredAnalysisRead =
  { readable: true; results: StoredAnalysisResults } | { readable: false; why: string };

const NO_MEDIA: StoredMedia = { poseTracks: [], eventStills: [] };

const isObject = (value: unknown): value is { [key: string]: unknown } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An empty results value; a row still running, or one whose results were lost. */
export function emptyStoredAnalysis(): StoredAnalysisResults {
  return {
    version: STORED_ANALYSIS_VERSION,
    report: null,
    coaching: null,
    media: NO_MEDIA,
    timings: null,
    failure: null,
  };
}

/**
 * THE reader of the stored analysis: takes the raw column value (an object, JSON text of one, or
 * an older row's shape) and returns the typed value, or `readable: false` with why. Never throws.
 *
 * Shapes read: version 2 (written by the analysis jobs now); version 1 and unversioned rows
 * ({ report, coaching, mobilityAnalysis, media: { poseTracks: { faceOn, downTheLine },
 * eventStills: { [event]: url } } }, with a `failure` moved there by the 2026-11-23 migration).
 */
export function readStoredAnalysis(raw: unknown): StoredAnalysisRead {
  if (raw === null || raw === undefined) return { readable: true, results: emptyStoredAnalysis() };
  let value: unknown = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return { readable: false, why: 'not JSON' };
    }
  }
  if (!isObject(value)) return { readable: false, why: 'not an object' };
  const version = value['version'];
  if (version !== undefined && version !== 1 && version !== STORED_ANALYSIS_VERSION) {
    return { readable: false, why: `unknown version ${String(version)}` };
  }
  const results: StoredAnalysisResults = {
    version: STORED_ANALYSIS_VERSION,
    report: readReport(value['report']),
    coaching: readCoaching(value['coaching']),
    media: readMedia(value['media']),
    timings: readTimings(value['timings']),
    failure: readFailure(value['failure']),
  };
  const mobility = readMobility(value['mobilityAnalysis'] ?? value['legacyMobilityAnalysis']);
  // Kept only where the report does not carry them (its assessment is the one source now).
  if (mobility && !assessedMobility(results.report)) results.legacyMobilityAnalysis = mobility;
  return { readable: true, results };
}

/** The mobility texts of a read analysis: the report's, else what an older row kept. */
export function mobilityOf(results: StoredAnalysisResults): MobilityAnalysis | null {
  return assessedMobility(results.report) ?? results.legacyMobilityAnalysis ?? null;
}

function assessedMobility(report: SwingReport | null): MobilityAnalysis | null {
  return report?.assessment.mobilityAnalysis ?? null;
}

/**
 * The report as the engine wrote it (its own type, versioned by schemaVersion). The parts the
 * readers walk are checked (videos with metric lists, the assessment's texts); a report missing
 * one reads as no report rather than breaking a page.
 */
function readReport(value: unknown): SwingReport | null {
  if (!isObject(value)) return null;
  const video = (v: unknown) => isObject(v) && Array.isArray(v['metrics']);
  const assessment = value['assessment'];
  const valid =
    video(value['faceOn']) &&
    (value['downTheLine'] === null || video(value['downTheLine'])) &&
    isObject(assessment) &&
    isObject(assessment['mobilityAnalysis']) &&
    Array.isArray(assessment['strengths']) &&
    Array.isArray(assessment['weaknesses']) &&
    Array.isArray(value['focusAreas']);
  return valid ? (value as unknown as SwingReport) : null;
}

function readCoaching(value: unknown): Coaching | null {
  if (typeof value === 'string') return value ? { text: value, source: 'measured-rules' } : null;
  if (!isObject(value) || typeof value['text'] !== 'string') return null;
  return {
    text: value['text'],
    source: value['source'] === 'language-model' ? 'language-model' : 'measured-rules',
  };
}

function readMedia(value: unknown): StoredMedia {
  if (!isObject(value)) return NO_MEDIA;
  const tracks = value['poseTracks'];
  const stills = value['eventStills'];
  const poseTracks: StoredMedia['poseTracks'] = Array.isArray(tracks)
    ? (['face-on', 'down-the-line'] as const).filter((view) => tracks.includes(view))
    : isObject(tracks) // version 1: { faceOn: url, downTheLine: url | null }
      ? [
          ...(tracks['faceOn'] ? (['face-on'] as const) : []),
          ...(tracks['downTheLine'] ? (['down-the-line'] as const) : []),
        ]
      : [];
  const names: unknown[] = Array.isArray(stills)
    ? stills
    : isObject(stills)
      ? Object.keys(stills)
      : [];
  return {
    poseTracks,
    eventStills: SWING_EVENTS.filter((event) => names.includes(event)),
  };
}

function readTimings(value: unknown): Record<string, number> | null {
  if (!isObject(value)) return null;
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    ),
  );
}

function readFailure(value: unknown): StoredFailure | null {
  if (!isObject(value)) return null;
  const text = (key: string) => (typeof value[key] === 'string' ? value[key] : '');
  return { reason: text('reason'), title: text('title'), message: text('message') };
}

/** Degree texts; an older row may hold JSON text of them, or numbers. */
function readMobility(value: unknown): MobilityAnalysis | null {
  let parsed = value;
  if (typeof parsed === 'string') {
    try {
      parsed = JSON.parse(parsed) as unknown;
    } catch {
      return null;
    }
  }
  if (!isObject(parsed)) return null;
  const texts = Object.entries(parsed)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([k, v]) => [k, String(v)] as const);
  return texts.length ? Object.fromEntries(texts) : null;
}
