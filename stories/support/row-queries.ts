import { within } from 'storybook/test';

/** The root of a tool row, by the call id the log gives it. */
export function rowOf(canvasElement: HTMLElement, callId: string): HTMLElement {
  const row = canvasElement.querySelector<HTMLElement>(`.tc-row[data-call-id="${callId}"]`);
  if (row === null) throw new Error(`No row for call ${callId}`);
  return row;
}

function headerOf(row: HTMLElement): HTMLElement {
  const header = row.querySelector<HTMLElement>(':scope > .tc-row__header');
  if (header === null) throw new Error(`Row ${row.dataset.callId ?? '?'} has no header`);
  return header;
}

/** The row's own disclosure button (a nested row's header is not searched). */
export function disclosureOf(row: HTMLElement): HTMLElement {
  const [disclosure] = within(headerOf(row))
    .getAllByRole('button')
    .filter((button) => button.hasAttribute('aria-expanded'));
  if (disclosure === undefined) throw new Error(`Row ${row.dataset.callId ?? '?'} has no disclosure`);
  return disclosure;
}

/** The row's own "open file" button, or `null` when its path is plain text. */
export function summaryButtonOf(row: HTMLElement): HTMLElement | null {
  return headerOf(row).querySelector<HTMLElement>('button.tc-row__summary');
}

/** The row's own body (the element its disclosure controls). */
export function bodyOf(row: HTMLElement): HTMLElement {
  const id = disclosureOf(row).getAttribute('aria-controls');
  const body = id === null ? null : row.ownerDocument.getElementById(id);
  if (body === null) throw new Error(`Row ${row.dataset.callId ?? '?'} has no body`);
  return body;
}

/** The image card label under `container` that reads `text` (its directory and file name are separate spans). */
export function cardLabelOf(container: ParentNode, text: string): HTMLElement {
  const found = [...container.querySelectorAll<HTMLElement>('.tc-card__label')].find((label) => label.textContent === text);
  if (found === undefined) throw new Error(`No card label reads ${text}`);
  return found;
}
