import './floor-replay.css';
import { useState, type ReactNode } from 'react';
import type { FloorRow } from './session-rows';

function FloorRowView({ row, initiallyOpen }: { readonly row: FloorRow; readonly initiallyOpen: boolean }): ReactNode {
  const [open, setOpen] = useState(initiallyOpen);
  if (row.body === undefined) return <div className="floor-row">{row.text}</div>;
  return (
    <div data-floor-image-row="" className="floor-row">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => {
          setOpen(!open);
        }}
      >
        {row.text}
      </button>
      {open ? <div>{row.body}</div> : null}
    </div>
  );
}

/** The floor: the same rows as plain text divs; an image row mounts its card text while open, as a tool row does its body. */
export function FloorReplay({ rows, imageRowsOpen }: { readonly rows: readonly FloorRow[]; readonly imageRowsOpen: boolean }): ReactNode {
  return (
    <div>
      {rows.map((row) => (
        <FloorRowView key={row.key} row={row} initiallyOpen={imageRowsOpen} />
      ))}
    </div>
  );
}
