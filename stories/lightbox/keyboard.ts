import { userEvent } from 'storybook/test';

export interface StoryKeyboard {
  readonly press: (keys: string) => Promise<void>;
  /** Real key presses: the platform's own dialog behaviour (Tab trap, close requests) applies. */
  readonly trusted: boolean;
}

/**
 * Under Vitest, real key presses through the browser (CDP); in the Storybook UI, where
 * `vitest/browser` refuses to load, Testing Library's synthetic ones (the platform ignores those
 * for Tab and for a dialog's close requests).
 */
export async function storyKeyboard(): Promise<StoryKeyboard> {
  try {
    const { userEvent: real } = await import('vitest/browser');
    return {
      press: async (keys) => {
        await real.keyboard(keys);
      },
      trusted: true,
    };
  } catch {
    return {
      press: async (keys) => {
        await userEvent.keyboard(keys);
      },
      trusted: false,
    };
  }
}
