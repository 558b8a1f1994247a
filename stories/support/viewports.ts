/**
 * The narrow width the cards must work at (a phone in portrait), as a Storybook viewport: a story
 * sets `parameters.viewport` to `NARROW_VIEWPORT_PARAMETERS` and `globals` to `NARROW_VIEWPORT_GLOBALS`;
 * the Vitest runner then sizes the page to it, so the screenshot is taken at that width.
 */
export const NARROW_WIDTH = 390;

export const NARROW_VIEWPORT_PARAMETERS = {
  options: { narrow: { name: `Phone (${String(NARROW_WIDTH)} px)`, styles: { width: `${String(NARROW_WIDTH)}px`, height: '844px' }, type: 'mobile' } },
} as const;

export const NARROW_VIEWPORT_GLOBALS = { viewport: { value: 'narrow', isRotated: false } } as const;
