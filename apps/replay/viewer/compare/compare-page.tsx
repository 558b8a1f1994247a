import { ImageComparison, ToolCardProvider, type LoadImage, type Locale } from '@toolcard/ui-tool-image';
import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';

import { useDataSource } from '../data-source';
import { ExportLink } from '../export-link';
import type { FollowStatus } from '../follow-log';
import { ReviewContext } from '../review/review-context';
import { REVIEW_PLUGINS } from '../review/review-plugin';
import { useReviewContext } from '../review/use-review-context';
import { useSessionInfo } from '../session-view';
import { VIEWER_LABELS } from '../viewer-labels';
import type { RowKind } from './align-calls';
import { COMPARE_LABELS, type CompareLabels } from './compare-labels';
import { CompareList, type ShownRow } from './compare-list';
import type { Side } from './compare-protocol';
import { MessageLine, type ImagePair } from './compare-row';
import { useComparison, type Alignment } from './use-comparison';
import './compare.css';

export interface ComparePageProps {
  /** The reference session (A) and the one compared with it (B), by their ids on this server. */
  readonly a: string;
  readonly b: string;
  readonly locale: Locale;
  /** Where a session's own view is. */
  readonly sessionHref: (id: string) => string;
  /** Verdicts on B's compared images can be given (the server would take them), not only shown. */
  readonly canReview: boolean;
}

const SIDES: readonly Side[] = ['a', 'b'];

function sideStatus(labels: CompareLabels, side: Side, status: FollowStatus | null): string {
  const name = labels.side[side];
  if (status === null) return labels.loadingSide(name);
  if (status.kind === 'disconnected') return labels.disconnectedSide(name);
  if (status.kind === 'unreadable') return labels.unreadableSide(name);
  if (status.kind === 'reading') return labels.readingSide(name, status.total > 0 ? Math.floor((100 * status.bytes) / status.total) : 0);
  return '';
}

/** `n` / `N` outside a text field or a control that takes typing; with no other modifier than Shift. */
function differenceKey(event: KeyboardEvent): 1 | -1 | null {
  if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return null;
  const target = event.target;
  if (target instanceof HTMLElement && (target.isContentEditable || target.closest('input, textarea, select') !== null)) return null;
  if (event.key === 'n') return 1;
  if (event.key === 'N') return -1;
  return null;
}

/** The next (or previous) row that is a difference, from `current`; `null` when there is none that way. */
function differenceFrom(rows: readonly ShownRow[], current: number, step: 1 | -1): number | null {
  for (let index = current + step; index >= 0 && index < rows.length; index += step) {
    if (rows[index]?.row.kind !== 'same') return index;
  }
  return null;
}

/** The comparison of two sessions: each side's loading, the summary, the filter and difference keys, and the aligned rows. */
export function ComparePage({ a, b, locale, sessionHref, canReview }: ComparePageProps): ReactNode {
  const labels = COMPARE_LABELS[locale];
  const infoA = useSessionInfo(a);
  const infoB = useSessionInfo(b);
  const headingId = useId();
  const missing = SIDES.filter((side) => (side === 'a' ? infoA : infoB) === 'missing');
  const exportHref = useDataSource().comparisonExportHref(a, b);
  return (
    <section className="cmp" aria-labelledby={headingId}>
      <h2 id={headingId}>{labels.heading}</h2>
      <dl className="cmp-files">
        {SIDES.map((side) => {
          const info = side === 'a' ? infoA : infoB;
          const id = side === 'a' ? a : b;
          return (
            <div key={side}>
              <dt>{labels.side[side]}</dt>
              <dd>
                <a href={sessionHref(id)}>{info !== null && info !== 'missing' ? info.log : id}</a>
              </dd>
            </div>
          );
        })}
      </dl>
      {exportHref !== null && <ExportLink href={exportHref} label={labels.exportFile} hint={labels.exportFileHint} />}
      {[infoA, infoB].some((info) => info !== null && info !== 'missing' && !info.store) && <p className="replay-app__note">{VIEWER_LABELS[locale].noStore}</p>}
      {missing.map((side) => (
        <p key={side} role="alert" className="cmp-error">
          {labels.missingSide(labels.side[side], side === 'a' ? a : b)}
        </p>
      ))}
      {missing.length === 0 && <Comparison a={a} b={b} labels={labels} locale={locale} sessionHref={sessionHref} canReview={canReview} />}
    </section>
  );
}

function Comparison({
  a,
  b,
  labels,
  locale,
  sessionHref,
  canReview,
}: {
  readonly a: string;
  readonly b: string;
  readonly labels: CompareLabels;
  readonly locale: Locale;
  readonly sessionHref: (id: string) => string;
  readonly canReview: boolean;
}): ReactNode {
  const { status, alignment, failed, aligning } = useComparison(a, b);
  const source = useDataSource();
  const loadImageA = useMemo(() => source.loadImage(a), [source, a]);
  const loadImageB = useMemo(() => source.loadImage(b), [source, b]);
  const [pair, setPair] = useState<ImagePair | null>(null);
  // A verdict on a compared pair is B's (the run under judgement); its copied link opens B's own view.
  const review = useReviewContext({ sessionId: b, canReview, locale, linkBase: () => new URL(sessionHref(b), window.location.href).href });
  const statusLines = SIDES.map((side) => sideStatus(labels, side, status[side])).filter((line) => line !== '');
  return (
    <ToolCardProvider loadImage={loadImageB} locale={locale} plugins={REVIEW_PLUGINS}>
      <p role="status" className="cmp-status" data-testid="compare-status">
        {failed
          ? labels.workerFailed
          : statusLines.length > 0
            ? statusLines.join(' · ')
            : alignment !== null
              ? ''
              : aligning === null
                ? labels.aligning
                : labels.aligningPercent(Math.floor(100 * aligning))}
      </p>
      {alignment === null && aligning !== null && <progress className="cmp-progress" max={1} value={aligning} aria-label={labels.aligning} />}
      {alignment !== null && <AlignedRows alignment={alignment} labels={labels} loadImageA={loadImageA} loadImageB={loadImageB} onCompareImages={setPair} />}
      {pair !== null && (
        <ReviewContext.Provider value={review}>
          <ImageComparison
            before={pair.before}
            after={pair.after}
            callId={pair.callIdB}
            createDiffWorker={source.createDiffWorker}
            onClose={() => {
              setPair(null);
            }}
            returnFocusTo={pair.opener}
          />
        </ReviewContext.Provider>
      )}
    </ToolCardProvider>
  );
}

function AlignedRows({
  alignment,
  labels,
  loadImageA,
  loadImageB,
  onCompareImages,
}: {
  readonly alignment: Alignment;
  readonly labels: CompareLabels;
  readonly loadImageA: LoadImage;
  readonly loadImageB: LoadImage;
  readonly onCompareImages: (pair: ImagePair) => void;
}): ReactNode {
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const [target, setTarget] = useState<{ readonly index: number; readonly seq: number } | null>(null);
  const [current, setCurrent] = useState(-1);
  const filterId = useId();
  const { rows, total, counts } = alignment;
  const shown = useMemo(() => {
    const all = rows.map((row, number) => ({ row, number }));
    return onlyDifferences ? all.filter(({ row }) => row.kind !== 'same') : all;
  }, [rows, onlyDifferences]);

  const move = useCallback(
    (step: 1 | -1) => {
      const next = differenceFrom(shown, current, step);
      if (next === null) return;
      setCurrent(next);
      setTarget((previous) => ({ index: next, seq: (previous?.seq ?? 0) + 1 }));
    },
    [shown, current],
  );
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      const step = differenceKey(event);
      if (step === null) return;
      event.preventDefault();
      move(step);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [move]);
  const rowName = useCallback((number: number, kind: RowKind) => labels.rowName(number, labels.kinds[kind]), [labels]);

  const differences = counts.changed + counts['only-a'] + counts['only-b'];
  return (
    <>
      <p className="cmp-summary" data-testid="compare-summary">
        {labels.summary(counts)}
      </p>
      {rows.length < total && <p className="cmp-note">{labels.alignedSoFar(rows.length, total)}</p>}
      {total === 0 && <p className="cmp-note">{labels.bothEmpty}</p>}
      {total > 0 && differences === 0 && <p className="cmp-note">{labels.identical}</p>}
      <div className="cmp-controls">
        <input
          id={filterId}
          type="checkbox"
          checked={onlyDifferences}
          onChange={(event) => {
            setOnlyDifferences(event.target.checked);
            setCurrent(-1);
          }}
        />{' '}
        <label htmlFor={filterId}>{labels.onlyDifferences}</label>{' '}
        <button
          type="button"
          onClick={() => {
            move(-1);
          }}
          disabled={differences === 0}
        >
          {labels.previousDifference}
        </button>{' '}
        <button
          type="button"
          onClick={() => {
            move(1);
          }}
          disabled={differences === 0}
        >
          {labels.nextDifference}
        </button>{' '}
        <span className="cmp-note">{labels.keysHint}</span>
      </div>
      {total > 0 && onlyDifferences && differences === 0 && <p className="cmp-note">{labels.noDifferences}</p>}
      <div className="cmp-columns" aria-hidden="true">
        <span />
        <span>{labels.side.a}</span>
        <span>{labels.side.b}</span>
      </div>
      <CompareList
        rows={shown}
        target={target}
        onCurrent={setCurrent}
        rowName={rowName}
        labels={labels}
        loadImageA={loadImageA}
        loadImageB={loadImageB}
        onCompareImages={onCompareImages}
      />
      {(alignment.trailing.a.length > 0 || alignment.trailing.b.length > 0) && (
        <div className="cmp-columns cmp-trailing">
          <p className="cmp-row__mark">{labels.afterLastCall}</p>
          {SIDES.map((side) => (
            <div key={side} className="cmp-row__side" data-side={side}>
              {alignment.trailing[side].map((message, index) => (
                <MessageLine key={index} message={message} labels={labels} />
              ))}
            </div>
          ))}
        </div>
      )}
    </>
  );
}
