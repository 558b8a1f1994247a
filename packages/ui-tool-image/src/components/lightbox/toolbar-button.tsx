import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { useLabels } from '../../labels';
import { StrokeIcon } from '../row/tool-icon';

/** 16×16 stroke outlines for the lightbox's controls, by the control's label key (`lightbox.<key>`). */
const TOOLBAR_ICON_PATHS = {
  previous: 'M10 3.5L5.5 8l4.5 4.5',
  next: 'M6 3.5L10.5 8 6 12.5',
  /** A magnifier with a minus, and with a plus. */
  zoomOut: 'M7 2.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 1 0 0-9ZM10.25 10.25L13.5 13.5M5 7h4',
  zoomIn: 'M7 2.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 1 0 0-9ZM10.25 10.25L13.5 13.5M5 7h4M7 5v4',
  /** Four corners pushed out: the image at its own size. */
  actualSize: 'M2.5 6V2.5H6M10 2.5h3.5V6M13.5 10v3.5H10M6 13.5H2.5V10',
  download: 'M8 2v8.5M4.5 7L8 10.5 11.5 7M2.5 13.5h11',
  close: 'M3.5 3.5l9 9M12.5 3.5l-9 9',
} as const;

export type ToolbarControl = keyof typeof TOOLBAR_ICON_PATHS;

/**
 * A toolbar control's icon and words. On a narrow screen (lightbox.css) the words are not shown and
 * its `title` (the same words) names the control and shows them on hover: icons keep the controls on
 * one row at 390 px.
 */
export function ToolbarLabel({ control }: { readonly control: ToolbarControl }): ReactNode {
  return (
    <>
      <StrokeIcon className="tc-lightbox__icon" path={TOOLBAR_ICON_PATHS[control]} />
      <span className="tc-lightbox__label">{useLabels()[`lightbox.${control}`]}</span>
    </>
  );
}

type ToolbarButtonProps = { readonly control: ToolbarControl; readonly buttonRef?: Ref<HTMLButtonElement> } & Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'className' | 'title' | 'children'
>;

export function ToolbarButton({ control, buttonRef, ...props }: ToolbarButtonProps): ReactNode {
  return (
    <button ref={buttonRef} type="button" className="tc-lightbox__button" title={useLabels()[`lightbox.${control}`]} {...props}>
      <ToolbarLabel control={control} />
    </button>
  );
}
