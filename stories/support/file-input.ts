/**
 * Choosing files in an `<input type="file">` from a story, the way a browser does it: the files
 * land in the input's own file list and `input`/`change` fire. Never Testing Library's `upload`: it
 * defines an own `files` property on the input, so every later real selection there — a person
 * picking a file after the play function ran — reads the play function's files instead.
 */

type RealUpload = (input: HTMLInputElement, files: readonly File[]) => Promise<void>;

/** Under Vitest, the browser's real selection (`userEvent.upload` of `vitest/browser`: Playwright's `setInputFiles`). */
async function realUpload(): Promise<RealUpload | undefined> {
  try {
    const { userEvent } = await import('vitest/browser');
    return async (input, files) => {
      await userEvent.upload(input, [...files]);
    };
  } catch {
    // The Storybook UI: `vitest/browser` refuses to load outside a Vitest run.
    return undefined;
  }
}

/**
 * Selects `files` in `input` for real (Playwright's `setInputFiles`). Only under Vitest: for tests
 * that prove what a person's selection does, it throws rather than fall back to anything simulated.
 */
export async function selectFiles(input: HTMLInputElement, files: readonly File[]): Promise<void> {
  const upload = await realUpload();
  if (upload === undefined) throw new Error('A real file selection needs the Vitest browser runner (vitest/browser)');
  await upload(input, files);
}

/**
 * For a play function that must also run in the Storybook UI: a real selection under Vitest; in the
 * UI, the files assigned through the input's native `files` setter (the element's own file list,
 * no property defined on it) and the events a selection fires. A person's later selection replaces
 * them as usual.
 */
export async function chooseFiles(input: HTMLInputElement, files: readonly File[]): Promise<void> {
  const upload = await realUpload();
  if (upload !== undefined) {
    await upload(input, files);
    return;
  }
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
