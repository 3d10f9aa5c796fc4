import { Link, useRevalidator } from '@remix-run/react';
import { useState } from 'react';
import type { AnalysisSummary } from '../../../../src/modules/analysis/domain/analysis-summary';
import { deleteAnalysis } from '~/lib/analysis-api';
import { useToast } from '~/ui/Toaster';
import { AnalysisCard } from './AnalysisCard';
import { DeleteAnalysisDialog } from './DeleteAnalysisDialog';

/** Spec section 2: the list with a count of completed analyses, View and Delete on each. */
export function AnalysisHistory(props: { analyses: AnalysisSummary[]; csrfToken: string }) {
  const { toast } = useToast();
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<string | null>(null);
  const completed = props.analyses.filter((a) => a.state === 'complete').length;

  const remove = async (id: string) => {
    setDeleting(id);
    try {
      await deleteAnalysis(id, props.csrfToken);
      toast({
        title: 'Analysis deleted',
        description: 'Your swing analysis has been deleted successfully.',
      });
      revalidator.revalidate();
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to delete analysis. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm" data-testid="analysis-history">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-bold">Analysis History</h2>
        <span
          className="rounded-full bg-brand-light px-2.5 py-0.5 text-sm font-semibold text-brand-dark"
          data-testid="completed-count"
        >
          {completed} completed
        </span>
      </div>
      {props.analyses.length === 0 ? (
        <div className="mt-3 rounded-xl border border-dashed border-slate-300 p-6 text-center">
          <p className="font-semibold text-slate-700">No Analyses Yet</p>
          <p className="mt-1 text-sm text-slate-500">
            Upload a face-on swing video to get your first analysis.
          </p>
          <Link
            to="/upload"
            className="mt-3 inline-block rounded-xl bg-brand px-4 py-2 text-sm font-semibold text-white"
          >
            Upload Swing Video
          </Link>
        </div>
      ) : (
        <ul className="mt-3 space-y-3">
          {props.analyses.map((analysis) => (
            <li key={analysis.id} data-testid="history-item">
              <AnalysisCard
                analysis={analysis}
                actions={
                  <div className="mt-3 grid grid-cols-2 gap-2">
                    <Link
                      to={`/analysis/${analysis.id}`}
                      className="rounded-lg bg-brand py-2 text-center text-sm font-semibold text-white hover:bg-brand-dark"
                    >
                      View
                    </Link>
                    <DeleteAnalysisDialog
                      onConfirm={() => void remove(analysis.id)}
                      trigger={
                        <button
                          type="button"
                          disabled={deleting === analysis.id}
                          className="rounded-lg border border-red-200 py-2 text-sm font-semibold text-red-700 disabled:opacity-50"
                        >
                          {deleting === analysis.id ? 'Deleting...' : 'Delete'}
                        </button>
                      }
                    />
                  </div>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
