/**
 * The swing analysis calls of spec section 7 as the browser makes them. Types come from the
 * analysis module's domain (type-only imports: nothing of the server runs here).
 */
import {
  ANALYSIS_FAILED_MESSAGE,
  type AnalysisResultsView,
  type AnalysisStatusView,
  type AnalysisView,
} from '../../../src/modules/analysis/domain/analysis-view';
import type { MonthlyAverage } from '../../../src/modules/analysis/domain/monthly-average';
import type { UploadStatus } from '../../../src/modules/analysis/domain/upload-quota';
import type { SwingReport } from '../../../src/modules/swing-engine/rules';
import { apiFetch } from './api';

export type {
  AnalysisResultsView,
  AnalysisStatusView,
  AnalysisView,
  MonthlyAverage,
  UploadStatus,
  SwingReport,
};

export const analysisPaths = {
  one: (id: string) => `/api/swing-analyses/${encodeURIComponent(id)}`,
  status: (id: string) => `/api/swing-analyses/${encodeURIComponent(id)}?status_only=true`,
  monthlyAverage: (club: string) => `/api/swing-analyses/user/1/monthly-average/${club}`,
  uploadStatus: '/api/upload-status/1',
  upload: '/api/swing-analyses',
};

export function deleteAnalysis(id: string, csrfToken: string): Promise<void> {
  return apiFetch<void>(analysisPaths.one(id), csrfToken, { method: 'DELETE' });
}

/** The body of a refused upload: title, message and whether upgrading would lift the limit. */
export interface UploadRefusal {
  status: number;
  title: string | null;
  message: string;
  requiresUpgrade: boolean;
}

export type UploadOutcome = { ok: true; id: string } | { ok: false; refusal: UploadRefusal };

/**
 * POST /api/swing-analyses as multipart with the CSRF header, through XMLHttpRequest so the
 * bytes sent can be reported while they go (fetch has no upload progress).
 */
export function uploadSwing(
  form: FormData,
  csrfToken: string,
  onProgress: (percent: number) => void,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', analysisPaths.upload);
    xhr.withCredentials = true;
    xhr.setRequestHeader('x-csrf-token', csrfToken);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && typeof body?.['id'] === 'string') {
        resolve({ ok: true, id: body['id'] });
        return;
      }
      resolve({ ok: false, refusal: refusalFrom(xhr.status, body) });
    };
    xhr.onerror = () => resolve({ ok: false, refusal: refusalFrom(0, null) });
    xhr.send(form);
  });
}

export const UPLOAD_FAILED = {
  title: 'Upload Failed',
  message: 'Please try again or contact support if the issue persists.',
};

function refusalFrom(status: number, body: Record<string, unknown> | null): UploadRefusal {
  const message = typeof body?.['message'] === 'string' ? body['message'] : null;
  const title = typeof body?.['title'] === 'string' ? body['title'] : null;
  const requiresUpgrade = body?.['requiresUpgrade'] === true;
  // A refusal the server explains (4xx with a title) is shown as it is; anything else is generic.
  if (message && (title || requiresUpgrade) && status >= 400 && status < 500) {
    return { status, title, message, requiresUpgrade };
  }
  return { status, title: UPLOAD_FAILED.title, message: UPLOAD_FAILED.message, requiresUpgrade };
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A failed analysis's message (the server derives hasError and technicalDetails from status). */
export function analysisError(
  analysis: Pick<AnalysisView, 'technicalDetails' | 'hasError'>,
): string | null {
  if (!analysis.hasError) return null;
  const details = analysis.technicalDetails;
  return details && 'message' in details && details.message
    ? details.message
    : ANALYSIS_FAILED_MESSAGE;
}
