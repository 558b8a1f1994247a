import { useState, type ReactNode } from 'react';
import { useLabels } from '../../labels';
import type { ImageLoadState } from '../image-loading';
import type { ImageComparisonMode } from './comparison-modes';
import { DifferenceOverlay } from './difference-overlay';
import { SideImage } from './side-image';
import type { DifferenceState } from './use-image-difference';

export interface ComparedSide {
  readonly state: ImageLoadState;
  /** "A: name.png": the side's image named for a screen reader. */
  readonly alt: string;
  /** Shown over the side: its letter and file name. */
  readonly caption: string;
}

export interface ComparisonStageProps {
  readonly mode: ImageComparisonMode;
  readonly before: ComparedSide;
  readonly after: ComparedSide;
  readonly difference: DifferenceState;
}

function Pane({ side }: { readonly side: ComparedSide }): ReactNode {
  return (
    <figure className="tc-comparison__pane">
      <figcaption className="tc-comparison__pane-caption">{side.caption}</figcaption>
      <div className="tc-comparison__frame">
        <SideImage state={side.state} alt={side.alt} />
      </div>
    </figure>
  );
}

function RangeControl({ label, value, onChange }: { readonly label: string; readonly value: number; readonly onChange: (value: number) => void }): ReactNode {
  return (
    <input
      type="range"
      className="tc-comparison__range"
      aria-label={label}
      aria-valuetext={`${String(value)} %`}
      min={0}
      max={100}
      step={1}
      value={value}
      onChange={(event) => {
        onChange(Number(event.currentTarget.value));
      }}
    />
  );
}

/** Swipe: B over A, cut at the slider's position; A shows on the left of the line, B on the right. */
function SwipeView({
  before,
  after,
  url,
}: {
  readonly before: ComparedSide;
  readonly after: ComparedSide;
  readonly url: readonly [string, string];
}): ReactNode {
  const labels = useLabels();
  const [position, setPosition] = useState(50);
  return (
    <div className="tc-comparison__overlaid">
      <div className="tc-comparison__stack">
        <img className="tc-comparison__layer" src={url[0]} alt={before.alt} />
        <img className="tc-comparison__layer" src={url[1]} alt={after.alt} style={{ clipPath: `inset(0 0 0 ${String(position)}%)` }} />
        <div className="tc-comparison__divider" style={{ left: `${String(position)}%` }} aria-hidden="true" />
      </div>
      <RangeControl label={labels['comparison.swipePosition']} value={position} onChange={setPosition} />
    </div>
  );
}

/** Onion skin: B over A at the slider's opacity. */
function OnionSkinView({
  before,
  after,
  url,
}: {
  readonly before: ComparedSide;
  readonly after: ComparedSide;
  readonly url: readonly [string, string];
}): ReactNode {
  const labels = useLabels();
  const [opacity, setOpacity] = useState(50);
  return (
    <div className="tc-comparison__overlaid">
      <div className="tc-comparison__stack">
        <img className="tc-comparison__layer" src={url[0]} alt={before.alt} />
        <img className="tc-comparison__layer" src={url[1]} alt={after.alt} style={{ opacity: opacity / 100 }} />
      </div>
      <RangeControl label={labels['comparison.opacity']} value={opacity} onChange={setOpacity} />
    </div>
  );
}

/** Difference: the changed pixels and their regions over B, dimmed. */
function DifferenceView({ after, url, difference }: { readonly after: ComparedSide; readonly url: string; readonly difference: DifferenceState }): ReactNode {
  return (
    <div className="tc-comparison__overlaid">
      <div className="tc-comparison__stack">
        <img className="tc-comparison__layer tc-comparison__layer--dimmed" src={url} alt={after.alt} />
        {difference.status === 'done' ? <DifferenceOverlay difference={difference.difference} /> : null}
      </div>
    </div>
  );
}

/** The two images as the mode shows them; until both are loaded (or when one fails), side by side with each one's state. */
export function ComparisonStage({ mode, before, after, difference }: ComparisonStageProps): ReactNode {
  let view: ReactNode;
  if (mode === 'side-by-side' || before.state.status !== 'ready' || after.state.status !== 'ready') {
    view = (
      <div className="tc-comparison__panes">
        <Pane side={before} />
        <Pane side={after} />
      </div>
    );
  } else {
    const url = [before.state.url, after.state.url] as const;
    if (mode === 'swipe') view = <SwipeView before={before} after={after} url={url} />;
    else if (mode === 'onion-skin') view = <OnionSkinView before={before} after={after} url={url} />;
    else view = <DifferenceView after={after} url={url[1]} difference={difference} />;
  }
  return (
    <div className="tc-comparison__stage" data-mode={mode}>
      {view}
    </div>
  );
}
