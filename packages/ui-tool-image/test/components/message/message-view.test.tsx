import { cleanup, render, screen, within } from '@testing-library/react';
import { useEffect, type FunctionComponent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionReplay, type MessageOwnerProps } from '../../../src/components';
import { parseSessionLog } from '../../../src/model';
import { BUILTIN_PLUGINS, ToolCardProvider } from '../../../src/plugins';
import { createSlotRegistry, useSlotRegistry } from '../../../src/slots';
import { CWD } from '../../model/builders';
import { loadImageStub } from '../harness';
import { itWithReferenceLogs, referenceLog } from '../../support/reference-logs';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function RegisterMessageView({ component }: { readonly component: FunctionComponent<MessageOwnerProps> }): null {
  const registry = useSlotRegistry();
  useEffect(() => registry.register('conversation.message', { owner: 'test-message-view', priority: 1, component }), [registry, component]);
  return null;
}

const inlineImageLog = () => parseSessionLog(referenceLog('inline-image-prompt', CWD));

describe('conversation.message and its images slot', () => {
  it('the message view alone declares conversation.message.images, which the gallery fills', () => {
    const registry = createSlotRegistry();
    for (const plugin of BUILTIN_PLUGINS) plugin(registry);
    expect(registry.declarerOf('conversation.message.images')?.owner).toBe('message-view');
    expect(registry.resolve('conversation.message.images')?.owner).toBe('attachment-presentation');
    expect(() =>
      registry.register('conversation.message', {
        owner: 'second-declarer',
        priority: 1,
        component: () => null,
        declares: ['conversation.message.images'],
      }),
    ).toThrow(/conversation\.message\.images/);
  });

  itWithReferenceLogs('a crashing message view shows the message as plain text with image placeholders; the rest of the replay renders', () => {
    const onSlotError = vi.fn();
    const Crashing: FunctionComponent<MessageOwnerProps> = ({ role }) => {
      if (role === 'user') throw new Error('message view crashed');
      return <p>assistant says hi</p>;
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ToolCardProvider loadImage={loadImageStub} onSlotError={onSlotError}>
        <RegisterMessageView component={Crashing} />
        <SessionReplay log={inlineImageLog()} />
      </ToolCardProvider>,
    );
    const user = document.querySelector<HTMLElement>('.tc-message--user');
    if (user === null) throw new Error('no user message');
    expect(within(user).getByText('[image 1x1]')).toBeTruthy();
    expect(user.querySelector('.tc-gallery')).toBeNull();
    expect(screen.getByText('assistant says hi')).toBeTruthy();
    expect(onSlotError).toHaveBeenCalledWith(expect.objectContaining({ slot: 'conversation.message', owner: 'test-message-view' }));
  });
});
