import type { Locale } from '@toolcard/ui-tool-image';
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';

import type { SessionRow } from '../../wire/workbench';
import { durationParts, instantOf } from './cell-text';
import { SORT_KEYS, type IndexSort, type SortKey } from './session-sort';
import type { CountColumn, WorkbenchLabels } from './workbench-labels';

/** The row height assumed until a row is measured (rows have one fixed height per layout, set in CSS). */
const FALLBACK_ROW_HEIGHT = 48;
/** Rows mounted beyond each edge of the viewport: Tab and the arrow keys land on a mounted row. */
const OVERSCAN = 6;

const COUNT_OF: Readonly<Record<CountColumn, (row: SessionRow) => number>> = {
  calls: (row) => row.calls,
  'image-calls': (row) => row.imageCalls,
  images: (row) => row.images,
  failed: (row) => row.failedCalls,
  problems: (row) => row.problems,
};

export interface SessionTableProps {
  /** The rows shown, in their order. */
  readonly rows: readonly SessionRow[];
  readonly sort: IndexSort;
  readonly onSortClick: (key: SortKey) => void;
  readonly labels: WorkbenchLabels;
  readonly locale: Locale;
  readonly sessionHref: (id: string) => string;
  /** The sessions checked to compare. */
  readonly selected: ReadonlySet<string>;
  readonly onSelectedChange: (id: string, selected: boolean) => void;
}

/**
 * The sessions as a table (ARIA table roles on a grid layout, so a narrow screen can fold a row onto
 * several lines without losing them) whose DOM holds only the rows near the viewport: the page
 * scrolls, the body keeps the full height, every row one fixed height. The focused row stays
 * mounted while scrolled away, so focus survives scrolling and live updates.
 */
export const SessionTable = memo(function SessionTable({
  rows,
  sort,
  onSortClick,
  labels,
  locale,
  sessionHref,
  selected,
  onSelectedChange,
}: SessionTableProps): ReactNode {
  const bodyRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState({ scrollMargin: 0, rowHeight: FALLBACK_ROW_HEIGHT, headHeight: 0 });
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const pendingFocus = useRef<number | null>(null);

  const focusedIndex = useMemo(() => (focusedId === null ? -1 : rows.findIndex((row) => row.id === focusedId)), [rows, focusedId]);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focusedIndex < 0 || indexes.includes(focusedIndex)) return indexes;
      // Table order in the DOM too, so Tab and a screen reader's reading order follow the rows.
      return [...indexes, focusedIndex].sort((a, b) => a - b);
    },
    [focusedIndex],
  );
  const keyOf = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const { rowHeight, scrollMargin, headHeight } = layout;
  const virtualizer = useWindowVirtualizer<HTMLElement>({
    count: rows.length,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    getItemKey: keyOf,
    rangeExtractor,
    scrollMargin,
    // A row scrolled to lands below the sticky column headers, not under them.
    scrollPaddingStart: headHeight,
  });

  // Where the body starts in the page and how tall a row is: both change with what is above the table
  // (status lines, the facets wrapping) and with its width (a narrow table folds its rows). Read in the
  // observer's delivery, after the browser's own layout, never in a commit.
  useLayoutEffect(() => {
    const body = bodyRef.current;
    const head = headRef.current;
    if (body === null || head === null) return;
    const measure = (): void => {
      const row = body.querySelector<HTMLElement>('[role="row"]');
      setLayout((previous) => {
        const next = {
          scrollMargin: Math.round(body.getBoundingClientRect().top + window.scrollY),
          rowHeight: row === null ? previous.rowHeight : row.getBoundingClientRect().height,
          headHeight: head.getBoundingClientRect().height,
        };
        return next.scrollMargin === previous.scrollMargin && next.rowHeight === previous.rowHeight && next.headHeight === previous.headHeight
          ? previous
          : next;
      });
    };
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    observer.observe(body);
    return () => {
      observer.disconnect();
    };
  }, []);
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight]);

  useLayoutEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const link = bodyRef.current?.querySelector<HTMLElement>(`[data-index="${String(index)}"] a`);
    if (link === undefined || link === null) return;
    pendingFocus.current = null;
    link.focus({ preventScroll: true });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const index = rowIndexOf(event.target);
    if (index === null) return;
    const page = Math.max(1, Math.floor(window.innerHeight / rowHeight) - 1);
    const moves: Readonly<Record<string, number>> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + page,
      PageUp: index - page,
      Home: 0,
      End: rows.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = Math.min(rows.length - 1, Math.max(0, target));
    const row = rows[next];
    if (row === undefined || next === index) return;
    pendingFocus.current = next;
    setFocusedId(row.id);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const startFormat = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }), [locale]);
  const items = virtualizer.getVirtualItems();
  return (
    <div
      role="table"
      aria-label={labels.table}
      aria-rowcount={rows.length + 1}
      className="wb-table"
      // Where a row focused by Tab is scrolled to: below the sticky headers (CSS `scroll-margin-top`).
      style={{ '--wb-head-height': `${headHeight}px` } as CSSProperties}
    >
      <div role="rowgroup" ref={headRef} className="wb-table__head">
        <div role="row" aria-rowindex={1} className="wb-row wb-row--head">
          {SORT_KEYS.map((key) => (
            <div
              key={key}
              role="columnheader"
              className={`wb-cell wb-cell--${key}`}
              {...(sort.key === key ? { 'aria-sort': sort.direction === 'asc' ? 'ascending' : 'descending' } : {})}
            >
              <button
                type="button"
                className="wb-sort"
                onClick={() => {
                  onSortClick(key);
                }}
              >
                {labels.columns[key]}
                <span aria-hidden="true" className="wb-sort__mark">
                  {sort.key === key ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                </span>
              </button>
            </div>
          ))}
        </div>
      </div>
      <div
        role="rowgroup"
        ref={bodyRef}
        className="wb-table__body"
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const index = rowIndexOf(event.target);
          const row = index === null ? undefined : rows[index];
          if (row !== undefined) setFocusedId(row.id);
        }}
        onBlur={(event) => {
          if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
          setFocusedId(null);
        }}
      >
        {items.map((item) => {
          const row = rows[item.index];
          return row === undefined ? null : (
            <SessionTableRow
              key={item.key}
              row={row}
              index={item.index}
              offset={item.start - scrollMargin}
              labels={labels}
              startFormat={startFormat}
              sessionHref={sessionHref}
              selected={selected.has(row.id)}
              onSelectedChange={onSelectedChange}
            />
          );
        })}
      </div>
    </div>
  );
});

interface SessionTableRowProps {
  readonly row: SessionRow;
  readonly index: number;
  readonly offset: number;
  readonly labels: WorkbenchLabels;
  readonly startFormat: Intl.DateTimeFormat;
  readonly sessionHref: (id: string) => string;
  readonly selected: boolean;
  readonly onSelectedChange: (id: string, selected: boolean) => void;
}

/** One session; rendered again only when its row, place or words change (not on every scroll frame). */
const SessionTableRow = memo(function SessionTableRow({
  row,
  index,
  offset,
  labels,
  startFormat,
  sessionHref,
  selected,
  onSelectedChange,
}: SessionTableRowProps): ReactNode {
  const started = instantOf(row.startedAt);
  const duration = durationParts(row.durationMs);
  const { reviewed, of, failed } = row.review;
  const count = (column: CountColumn): ReactNode => {
    const value = COUNT_OF[column](row);
    return (
      <div role="cell" className={`wb-cell wb-cell--${column}`} data-zero={value === 0 ? '' : undefined}>
        {value}
        <span aria-hidden="true" className="wb-cell__unit">
          {' '}
          {labels.units[column]}
        </span>
      </div>
    );
  };
  return (
    <div role="row" aria-rowindex={index + 2} data-index={index} className="wb-row" style={{ top: offset }}>
      <div role="cell" className="wb-cell wb-cell--title">
        <input
          type="checkbox"
          className="wb-select"
          aria-label={labels.selectToCompare(row.title)}
          checked={selected}
          onChange={(event) => {
            onSelectedChange(row.id, event.target.checked);
          }}
        />
        <a href={sessionHref(row.id)} className="wb-link" title={row.title}>
          <span className="wb-link__title">{row.title}</span> <span className="wb-link__file">{row.file}</span>
        </a>
      </div>
      <div role="cell" className="wb-cell wb-cell--format">
        {row.format === 'unknown' ? labels.unknownFormat : row.format}
      </div>
      <div role="cell" className="wb-cell wb-cell--started">
        {started === null ? labels.none : <time dateTime={started.toISOString()}>{startFormat.format(started)}</time>}
      </div>
      <div role="cell" className="wb-cell wb-cell--duration">
        {duration === null ? labels.none : labels.duration(duration)}
      </div>
      {count('calls')}
      {count('image-calls')}
      {count('images')}
      {count('failed')}
      {count('problems')}
      <div role="cell" className="wb-cell wb-cell--review" data-failed={failed > 0 ? '' : undefined}>
        <span className="wb-review__text">{labels.progress(row.review)}</span>
        {of > 0 && (
          <span
            aria-hidden="true"
            className="wb-review__bar"
            style={{ '--wb-reviewed': `${(100 * reviewed) / of}%`, '--wb-failed': `${(100 * Math.min(failed, reviewed)) / of}%` } as CSSProperties}
          />
        )}
      </div>
    </div>
  );
});

/** The index of the row holding `target`. */
function rowIndexOf(target: EventTarget): number | null {
  if (!(target instanceof Element)) return null;
  const row = target.closest('[data-index]');
  if (row === null) return null;
  const index = Number(row.getAttribute('data-index'));
  return Number.isInteger(index) ? index : null;
}
