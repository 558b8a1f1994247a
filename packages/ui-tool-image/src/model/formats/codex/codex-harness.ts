import type { HarnessText } from '../openai-responses/responses-conversation';

/** How the harness's own user-role texts begin (the environment, AGENTS.md and the user's configured instructions). */
const CONTEXT_OPENINGS = ['<environment_context>', '<user_instructions>', '# AGENTS.md instructions'];

/** The tags Codex puts around each attached image since January 2026 (PR #8950). */
const IMAGE_WRAPPER = /^\s*(?:<image name=[^>\n]*>|<\/image>)\s*$/;

export const CODEX_HARNESS_TEXT: HarnessText = {
  isImageWrapper: (text) => IMAGE_WRAPPER.test(text),
  isContext: (text) => {
    const opening = text.trimStart();
    return CONTEXT_OPENINGS.some((prefix) => opening.startsWith(prefix));
  },
};
