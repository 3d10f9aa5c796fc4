import { useId, useState, type DragEvent } from 'react';
import { Link } from '@remix-run/react';
import { formatFileSize, VIDEO_ACCEPT, type FileProblem } from '~/lib/video-file-checks';

interface Props {
  name: 'faceOnVideo' | 'downTheLineVideo';
  title: string;
  badge: 'Required' | 'Premium';
  file: File | null;
  problem: FileProblem | null;
  checking: boolean;
  /** Free users see the premium zone locked. */
  locked?: boolean;
  disabled?: boolean;
  onFile: (file: File | null) => void;
}

/** A drop zone with a file picker behind it; shows the chosen file or what is wrong with it. */
export function VideoDropZone(props: Props) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const { file, problem, locked } = props;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (locked || props.disabled) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) props.onFile(dropped);
  };

  const border = problem
    ? 'border-red-400 bg-red-50'
    : file
      ? 'border-brand bg-brand-light/40'
      : dragging
        ? 'border-brand bg-brand-light/60'
        : 'border-slate-300 bg-slate-50';

  return (
    <div data-testid={`drop-zone-${props.name}`}>
      <div className="mb-1.5 flex items-center gap-2">
        <label htmlFor={inputId} className="font-semibold text-slate-900">
          {props.title}
        </label>
        <span
          className={`rounded-full px-2 py-0.5 text-[10px] font-bold uppercase ${
            props.badge === 'Premium' ? 'bg-amber-100 text-amber-800' : 'bg-brand text-white'
          }`}
        >
          {props.badge}
        </span>
      </div>
      {locked ? (
        <div className="rounded-xl border-2 border-dashed border-slate-200 bg-slate-50 p-4 text-center">
          <p className="text-sm text-slate-600">
            Down-the-line video analysis is available for Premium users only.
          </p>
          <Link to="/profile" className="mt-1 inline-block text-sm font-semibold text-brand">
            Upgrade to Premium
          </Link>
        </div>
      ) : (
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex min-h-[7.5rem] cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed p-4 text-center transition-colors ${border}`}
        >
          <input
            id={inputId}
            name={props.name}
            type="file"
            accept={VIDEO_ACCEPT}
            className="sr-only"
            disabled={props.disabled}
            onChange={(event) => {
              props.onFile(event.target.files?.[0] ?? null);
              event.target.value = ''; // choosing the same file again still fires
            }}
          />
          <VideoIcon />
          {file ? (
            <>
              <p className="mt-2 max-w-full truncate text-sm font-semibold text-slate-900">
                {file.name}
              </p>
              <p className="text-xs text-slate-500">
                {props.checking ? 'Checking video...' : formatFileSize(file.size)}
              </p>
              <span className="mt-1 text-xs font-semibold text-brand">Tap to change</span>
            </>
          ) : (
            <>
              <p className="mt-2 text-sm font-semibold text-slate-800">
                Drop a video here or tap to choose
              </p>
              <p className="text-xs text-slate-500">MP4, MOV and other video files up to 100MB</p>
            </>
          )}
        </label>
      )}
      {problem && (
        <div
          role="alert"
          className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-800"
          data-testid={`file-error-${props.name}`}
        >
          <p className="font-semibold">{problem.title}</p>
          <p className="mt-0.5">{problem.message}</p>
        </div>
      )}
    </div>
  );
}

function VideoIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-8 w-8 text-brand"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="6" width="13" height="12" rx="2" />
      <path d="M16 10l5-3v10l-5-3z" strokeLinejoin="round" />
    </svg>
  );
}
