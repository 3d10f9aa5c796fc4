/** How to film the two views the analysis reads (face-on required, down-the-line premium). */
export function CameraGuidance() {
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm" data-testid="camera-guidance">
      <h2 className="text-lg font-bold">Camera Angles</h2>
      <div className="mt-3 grid grid-cols-2 gap-3">
        <AngleCard
          title="Face-On"
          badge="Required"
          text="Camera in front of you, facing your chest, at hip height. Whole body and club in frame."
          figure={<FaceOnFigure />}
        />
        <AngleCard
          title="Down-the-Line"
          badge="Premium"
          text="Camera behind your hands, pointing along the target line, at hip height."
          figure={<DownTheLineFigure />}
        />
      </div>
      <ul className="mt-4 space-y-1.5 text-sm text-slate-600">
        <li>• Phone on a tripod or steady surface, about 3 m (10 ft) away.</li>
        <li>• Good light, one full swing per clip, under 60 seconds.</li>
        <li>• 60 fps or slow motion gives the sharpest swing positions.</li>
        <li>• On iPhone choose Most Compatible (Settings &gt; Camera &gt; Formats).</li>
      </ul>
    </section>
  );
}

function AngleCard(props: { title: string; badge: string; text: string; figure: JSX.Element }) {
  const premium = props.badge === 'Premium';
  return (
    <div className="rounded-xl border border-slate-200 p-3">
      <div className="flex h-16 items-center justify-center rounded-lg bg-brand-light text-brand-dark">
        {props.figure}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        <p className="font-semibold">{props.title}</p>
        <span
          className={`rounded-full px-2 py-0.5 text-[10px] font-bold uppercase ${
            premium ? 'bg-amber-100 text-amber-800' : 'bg-brand text-white'
          }`}
        >
          {props.badge}
        </span>
      </div>
      <p className="mt-1 text-xs text-slate-600">{props.text}</p>
    </div>
  );
}

/** A golfer seen from the front, the camera below. */
function FaceOnFigure() {
  return (
    <svg viewBox="0 0 64 48" className="h-14 w-20" aria-hidden="true">
      <circle cx="32" cy="8" r="4" fill="currentColor" />
      <path
        d="M32 12v14M24 18h16M32 26l-6 12M32 26l6 12"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        fill="none"
      />
      <rect x="27" y="41" width="10" height="6" rx="1.5" fill="#15803d" />
    </svg>
  );
}

/** A golfer seen from behind the hands, the camera on the target line. */
function DownTheLineFigure() {
  return (
    <svg viewBox="0 0 64 48" className="h-14 w-20" aria-hidden="true">
      <circle cx="22" cy="9" r="4" fill="currentColor" />
      <path
        d="M22 13l4 12M26 25l-4 13M26 25l3 13M23 16l10 10"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        fill="none"
      />
      <path d="M33 26l14 14" stroke="currentColor" strokeWidth="1.5" strokeDasharray="2 2" />
      <rect x="6" y="38" width="8" height="6" rx="1.5" fill="#15803d" />
    </svg>
  );
}
