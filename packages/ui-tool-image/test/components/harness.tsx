import { getDefaultNormalizer, render, screen, within, type RenderResult } from '@testing-library/react';
import { useEffect, type FunctionComponent, type ReactNode } from 'react';
import { vi } from 'vitest';
import type { ImagesOwnerProps, LoadImage, ToolViewOwnerProps } from '../../src/components';
import { ToolCardProvider, type ToolCardProviderProps } from '../../src/plugins';
import { useSlotRegistry } from '../../src/slots';
import { CWD, HOME } from '../model/builders';

export const loadImageStub: LoadImage = () => Promise.resolve('data:image/png;base64,');

type ProviderOptions = Partial<Omit<ToolCardProviderProps, 'children'>>;

export function renderInProvider(ui: ReactNode, options: ProviderOptions = {}): RenderResult {
  return render(
    <ToolCardProvider loadImage={loadImageStub} cwd={CWD} home={HOME} {...options}>
      {ui}
    </ToolCardProvider>,
  );
}

type Registration =
  | { readonly slot: 'tool.call.images'; readonly component: FunctionComponent<ImagesOwnerProps> }
  | {
      readonly slot: 'tool.call.toolview';
      readonly key: string;
      readonly priority: number;
      readonly component: FunctionComponent<ToolViewOwnerProps>;
    };

/** Registers a test entry into the surrounding provider's registry, as a plugin would. */
export function RegisterEntry({ registration }: { readonly registration: Registration }): null {
  const registry = useSlotRegistry();
  useEffect(() => {
    if (registration.slot === 'tool.call.images') {
      return registry.register(registration.slot, { owner: 'test-gallery', component: registration.component });
    }
    const { slot, key, priority, component } = registration;
    return registry.register(slot, { owner: 'test-toolview', key, priority, component });
  }, [registry, registration]);
  return null;
}

/** A gallery stand-in that records what the card hands it. */
export function galleryProbe() {
  const received = vi.fn<(props: ImagesOwnerProps) => void>();
  const Gallery: FunctionComponent<ImagesOwnerProps> = (props) => {
    received(props);
    return <p data-testid="gallery">gallery of {props.images.length}</p>;
  };
  const registration: Registration = { slot: 'tool.call.images', component: Gallery };
  return { received, registration };
}

/** The row root of a call. */
export function rowOf(callId: string): HTMLElement {
  const row = document.querySelector<HTMLElement>(`[data-call-id="${callId}"]`);
  if (row === null) throw new Error(`no row for call ${callId}`);
  return row;
}

/** The body of a row (its own IN/OUT or card, not its sub-rows). */
export function bodyOf(callId: string): HTMLElement {
  const body = rowOf(callId).querySelector<HTMLElement>(':scope > .tc-row__body');
  if (body === null) throw new Error(`no body for call ${callId}`);
  return body;
}

/** The disclosure button of a row (the one with aria-expanded, not the summary). */
export function disclosureOf(callId: string): HTMLElement {
  const header = rowOf(callId).querySelector<HTMLElement>(':scope > .tc-row__header');
  if (header === null) throw new Error(`row ${callId} has no header`);
  const [disclosure] = within(header)
    .getAllByRole('button')
    .filter((button) => button.hasAttribute('aria-expanded'));
  if (disclosure === undefined) throw new Error(`row ${callId} has no disclosure`);
  return disclosure;
}

/** The element whose text is exactly `text`, line breaks included (the default matcher collapses whitespace). */
export function getByExactText(text: string): HTMLElement {
  return screen.getByText(text, { normalizer: getDefaultNormalizer({ trim: false, collapseWhitespace: false }) });
}

/** The image card label under `container` that reads `text` (its directory and file name are separate spans). */
export function cardLabel(container: ParentNode, text: string): HTMLElement {
  const found = [...container.querySelectorAll<HTMLElement>('.tc-card__label')].find((label) => label.textContent === text);
  if (found === undefined) throw new Error(`No card label reads ${text}`);
  return found;
}
