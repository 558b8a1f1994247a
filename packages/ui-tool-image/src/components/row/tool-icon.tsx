import type { ReactNode } from 'react';
import type { ToolRowVariant } from '../../model';

/** 16×16 stroke outlines, one per variant. */
const ICON_PATHS: Readonly<Record<ToolRowVariant, string>> = {
  read: 'M4 1.5h5.5L12.5 4.5V14.5H4Z M9.5 1.5V4.5H12.5 M6 8h4.5 M6 10.5h4.5',
  write: 'M4 1.5h5.5L12.5 4.5V14.5H4Z M8.25 7v5 M5.75 9.5h5',
  edit: 'M10.5 2.5l3 3-7.5 7.5H3V10Z M9 4l3 3',
  terminal: 'M1.5 2.5h13v11h-13Z M4 6l2.5 2L4 10 M8 10.5h4',
  search: 'M7 2.5a4.5 4.5 0 1 0 0 9a4.5 4.5 0 1 0 0-9Z M10.25 10.25L14 14',
  web: 'M8 1.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13Z M1.5 8h13 M8 1.5c-2.5 3-2.5 10 0 13 M8 1.5c2.5 3 2.5 10 0 13',
  other: 'M3 3h10v10H3Z M6 8h4',
};

export function ToolIcon({ variant }: { readonly variant: ToolRowVariant }): ReactNode {
  return <StrokeIcon className="tc-icon" path={ICON_PATHS[variant]} />;
}

/** A 16×16 stroke outline in the text's colour, hidden from assistive technology (its meaning is in text nearby). */
export function StrokeIcon({ path, className }: { readonly path: string; readonly className: string }): ReactNode {
  return (
    <svg
      className={className}
      viewBox="0 0 16 16"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.25"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
