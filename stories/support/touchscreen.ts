/** A finger's place, in the story document's client coordinates. */
export interface TouchPoint {
  readonly x: number;
  readonly y: number;
}

export interface StoryTouchscreen {
  /** Puts these fingers on the glass (one touch point each, ids 0, 1…). */
  readonly start: (fingers: readonly TouchPoint[]) => Promise<void>;
  /** Moves the fingers on the glass to these places (the same fingers, in the same order). */
  readonly move: (fingers: readonly TouchPoint[]) => Promise<void>;
  /** Lifts every finger. */
  readonly end: () => Promise<void>;
}

/** The slice of Vitest's CDP session the touchscreen uses. */
interface TouchSession {
  readonly send: (method: 'Input.dispatchTouchEvent', params: Record<string, unknown>) => Promise<unknown>;
}

/**
 * Real touches, through the browser's input pipeline (CDP `Input.dispatchTouchEvent`): the
 * browser itself makes them pointer events with `pointerType: 'touch'`, hit-tests them, applies
 * `touch-action`, and may scroll or zoom the page instead of handing them to the page, as on a phone.
 * Only under Vitest, whose Chromium session `vitest/browser` reaches; `undefined` in the Storybook
 * UI, where synthetic events would prove none of that.
 */
export async function storyTouchscreen(): Promise<StoryTouchscreen | undefined> {
  let session: TouchSession;
  try {
    const { cdp } = await import('vitest/browser');
    session = cdp() as TouchSession;
  } catch {
    return undefined;
  }
  // The story runs in Vitest's iframe; CDP's touch points are in the top page's CSS pixels.
  const toPage = (fingers: readonly TouchPoint[]) => {
    const frame = window.frameElement?.getBoundingClientRect();
    const scale = frame === undefined ? 1 : frame.width / window.innerWidth;
    return fingers.map(({ x, y }, id) => ({ id, x: (frame?.left ?? 0) + x * scale, y: (frame?.top ?? 0) + y * scale }));
  };
  return {
    start: async (fingers) => {
      await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: toPage(fingers) });
    },
    move: async (fingers) => {
      await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: toPage(fingers) });
    },
    end: async () => {
      await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    },
  };
}
