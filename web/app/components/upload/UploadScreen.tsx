import { useNavigate } from '@remix-run/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  INCOMPLETE_LAUNCH_MONITOR_DATA,
  INVALID_SPEED_VALUES,
  validateLaunchMonitorInput,
  type LaunchMonitorErrors,
} from '../../../../src/modules/swing-engine/rules';
import { analysisPaths, uploadSwing, type UploadStatus } from '~/lib/analysis-api';
import { useApiQuery } from '~/lib/use-api';
import { checkVideoFile, type FileProblem } from '~/lib/video-file-checks';
import { Spinner } from '~/ui/Spinner';
import { useToast } from '~/ui/Toaster';
import { CameraGuidance } from './CameraGuidance';
import { EMPTY_LAUNCH_VALUES, LaunchMonitorForm, type LaunchValues } from './LaunchMonitorForm';
import { UpgradePromptCard } from './UpgradePromptCard';
import { UploadQuota, type PremiumClub } from './UploadQuota';
import { VideoDropZone } from './VideoDropZone';
import { ProgressBar } from '~/ui/ProgressBar';

interface ChosenVideo {
  file: File | null;
  problem: FileProblem | null;
  checking: boolean;
}

const NO_VIDEO: ChosenVideo = { file: null, problem: null, checking: false };

export const FACE_ON_REQUIRED: FileProblem = {
  title: 'Face-On Video Required',
  message: 'Please upload a face-on view video to proceed.',
};

interface Props {
  csrfToken: string;
  club: PremiumClub | null;
  /** The loader's upload status; refreshed from /api/upload-status on focus. */
  initialStatus?: UploadStatus;
}

export function UploadScreen({ csrfToken, club: preselected, initialStatus }: Props) {
  const status = useApiQuery<UploadStatus>(analysisPaths.uploadStatus, {
    initial: initialStatus,
  });
  if (status.error) {
    return (
      <Page>
        <p className="rounded-xl bg-red-50 p-4 text-sm text-red-800">{status.error.message}</p>
      </Page>
    );
  }
  if (!status.data) {
    return (
      <Page>
        <div className="py-16">
          <Spinner label="Loading your uploads..." />
        </div>
      </Page>
    );
  }
  return <UploadForm csrfToken={csrfToken} preselected={preselected} status={status.data} />;
}

function Page({ children }: { children: React.ReactNode }) {
  return (
    <div className="space-y-5">
      <header>
        <h1 className="text-2xl font-extrabold text-slate-900">Upload Swing Video</h1>
        <p className="mt-1 text-slate-600">Get your swing measured from video.</p>
      </header>
      {children}
    </div>
  );
}

/**
 * The premium slot to start with: the preselected club when its slot is open, else the only
 * open slot; with both open and nothing preselected the golfer chooses.
 */
function initialClub(status: UploadStatus, preselected: PremiumClub | null): PremiumClub | null {
  if (!status.isPremium) return null;
  const open = (['driver', '7-iron'] as const).filter((c) =>
    c === 'driver' ? !status.weeklyDriverUploaded : !status.weeklySevenIronUploaded,
  );
  if (preselected && open.includes(preselected)) return preselected;
  return open.length === 1 ? open[0]! : null;
}

function limitReached(status: UploadStatus): { title: string; message: string } | null {
  if (!status.isPremium && status.isFreeLimitReached) {
    return {
      title: 'Upload Limit Reached',
      message: "You've used your free video upload. Upgrade to premium for weekly uploads.",
    };
  }
  if (status.isPremium && status.weeklyDriverUploaded && status.weeklySevenIronUploaded) {
    return {
      title: 'Weekly Upload Limit Reached',
      message: `You've used this week's Driver and 7-Iron uploads. Your slots open again ${status.weeklyResetLabel}.`,
    };
  }
  return null;
}

function UploadForm(props: {
  csrfToken: string;
  preselected: PremiumClub | null;
  status: UploadStatus;
}) {
  const { status } = props;
  const navigate = useNavigate();
  const { toast } = useToast();
  const [club, setClub] = useState<PremiumClub | null>(() =>
    initialClub(status, props.preselected),
  );
  const [faceOn, setFaceOn] = useState<ChosenVideo>(NO_VIDEO);
  const [downTheLine, setDownTheLine] = useState<ChosenVideo>(NO_VIDEO);
  const [launch, setLaunch] = useState<LaunchValues>(() => ({
    ...EMPTY_LAUNCH_VALUES,
    clubSelection: status.isPremium ? '' : (props.preselected ?? ''),
  }));
  const [launchOpen, setLaunchOpen] = useState(false);
  const [launchErrors, setLaunchErrors] = useState<LaunchMonitorErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [formError, setFormError] = useState<FileProblem | null>(null);
  const [blocked, setBlocked] = useState(() => limitReached(status));

  // A refetched status (on focus) may show a limit; not while this upload is on its way, whose
  // own slot would count against it for a moment before the page moves on.
  const busy = useRef(false);
  useEffect(() => {
    if (!busy.current) setBlocked(limitReached(status));
  }, [status]);

  if (blocked) {
    return (
      <Page>
        <UpgradePromptCard
          title={blocked.title}
          message={blocked.message}
          isPremium={status.isPremium}
        />
      </Page>
    );
  }

  const uploading = progress !== null;
  const choose = (set: (v: ChosenVideo) => void) => async (file: File | null) => {
    setFormError(null);
    if (!file) return set(NO_VIDEO);
    set({ file, problem: null, checking: true });
    const problem = await checkVideoFile(file);
    set({ file, problem, checking: false });
    if (problem)
      toast({ title: problem.title, description: problem.message, variant: 'destructive' });
  };

  const fail = (problem: FileProblem) => {
    setFormError(problem);
    toast({ title: problem.title, description: problem.message, variant: 'destructive' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading || faceOn.checking || downTheLine.checking) return;
    if (!faceOn.file) {
      setFaceOn({ ...NO_VIDEO, problem: FACE_ON_REQUIRED });
      return fail(FACE_ON_REQUIRED);
    }
    const fileProblem = faceOn.problem ?? downTheLine.problem;
    if (fileProblem) return fail(fileProblem);
    if (status.isPremium && !club) {
      return fail({
        title: 'Choose Driver or 7-Iron',
        message:
          'Premium uploads are one Driver and one 7-Iron swing per week: choose which club this swing was hit with.',
      });
    }
    // The launch data may name any club; premium, it starts as the slot's club.
    const launchData = { ...launch, clubSelection: launch.clubSelection || club || '' };
    const touched = Object.entries(launch).some(
      ([k, v]) => k !== 'clubSelection' && v.trim() !== '',
    );
    // The club alone is not launch data: it is sent as `club` (a premium slot or a preselect).
    const checked = validateLaunchMonitorInput(touched ? launchData : {});
    if (!checked.ok) {
      setLaunchErrors(checked.errors);
      setLaunchOpen(true);
      const messages = Object.values(checked.errors).flat();
      const incomplete = messages.includes(INCOMPLETE_LAUNCH_MONITOR_DATA);
      const speeds = messages.includes(INVALID_SPEED_VALUES);
      return fail({
        title: incomplete
          ? INCOMPLETE_LAUNCH_MONITOR_DATA
          : speeds
            ? INVALID_SPEED_VALUES
            : 'Invalid Launch Monitor Data',
        message: incomplete
          ? 'Please fill in tour comparison, club, club speed and ball speed, or leave all launch monitor fields empty.'
          : speeds
            ? 'Club speed and ball speed must be positive.'
            : messages.join(' '),
      });
    }
    setLaunchErrors({});

    const form = new FormData();
    form.append('faceOnVideo', faceOn.file);
    if (downTheLine.file) form.append('downTheLineVideo', downTheLine.file);
    // `club` is the weekly slot (premium) or, for a free golfer, the club picked.
    const chosenClub = club ?? launch.clubSelection;
    if (chosenClub) form.append('club', chosenClub);
    if (checked.data) {
      for (const [field, value] of Object.entries(launchData)) {
        if (field === 'total' && launchData.clubSelection !== 'driver') continue;
        if (value.trim() !== '') form.append(field, value.trim());
      }
    }
    setFormError(null);
    setProgress(0);
    busy.current = true;
    const outcome = await uploadSwing(form, props.csrfToken, setProgress);
    if (outcome.ok) {
      setProgress(100);
      toast({ title: 'Upload Successful', description: 'Your swing is being analyzed.' });
      navigate(`/analysis-loading/${outcome.id}`);
      return;
    }
    setProgress(null);
    busy.current = false;
    const { refusal } = outcome;
    if (refusal.requiresUpgrade || refusal.title === 'Weekly Upload Limit Reached') {
      toast({
        title: refusal.title ?? 'Upload Failed',
        description: refusal.message,
        variant: 'destructive',
      });
      if (refusal.requiresUpgrade && refusal.title !== 'Premium Feature') {
        setBlocked({ title: refusal.title ?? 'Upload Limit Reached', message: refusal.message });
        return;
      }
    }
    fail({ title: refusal.title ?? 'Upload Failed', message: refusal.message });
  };

  return (
    <Page>
      <UploadQuota status={status} club={club} onClub={setClub} disabled={uploading} />
      <CameraGuidance />
      <form onSubmit={submit} noValidate className="space-y-5">
        <section className="space-y-4 rounded-2xl bg-white p-5 shadow-sm">
          <VideoDropZone
            name="faceOnVideo"
            title="Face-On Video"
            badge="Required"
            {...faceOn}
            disabled={uploading}
            onFile={choose(setFaceOn)}
          />
          <VideoDropZone
            name="downTheLineVideo"
            title="Down-the-Line Video"
            badge="Premium"
            {...downTheLine}
            locked={!status.isPremium}
            disabled={uploading}
            onFile={choose(setDownTheLine)}
          />
        </section>
        <LaunchMonitorForm
          open={launchOpen}
          onOpenChange={setLaunchOpen}
          values={launch}
          onChange={setLaunch}
          errors={launchErrors}
          slotClub={status.isPremium ? club : null}
          disabled={uploading}
        />
        {formError && (
          <div
            role="alert"
            className="rounded-xl bg-red-50 p-4 text-sm text-red-800"
            data-testid="upload-error"
          >
            <p className="font-semibold">{formError.title}</p>
            <p className="mt-0.5">{formError.message}</p>
          </div>
        )}
        {uploading && <UploadProgress percent={progress} />}
        <button
          type="submit"
          disabled={uploading || faceOn.checking || downTheLine.checking}
          className="w-full rounded-xl bg-brand py-3.5 text-lg font-bold text-white shadow-sm hover:bg-brand-dark disabled:opacity-60"
        >
          {uploading ? 'Uploading...' : 'Analyze My Swing'}
        </button>
      </form>
    </Page>
  );
}

function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm" data-testid="upload-progress">
      <div className="flex justify-between text-sm font-medium text-slate-700">
        <span>
          {percent < 100 ? 'Uploading video...' : 'Upload complete, starting analysis...'}
        </span>
        <span>{percent}%</span>
      </div>
      <ProgressBar
        className="mt-2"
        percent={percent}
        label="Upload progress"
        trackClassName="h-2.5 bg-slate-100"
        fillTransition="transition-[width]"
      />
    </div>
  );
}
