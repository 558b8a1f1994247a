import { DocsContainer, type DocsContainerProps } from '@storybook/addon-docs/blocks';
import type { PropsWithChildren } from 'react';

/**
 * A docs page is the whole document of its iframe, so its content is that document's main landmark:
 * axe's `landmark-one-main` and `region` then hold for the pages without a rule turned off.
 */
export function DocsMain(props: PropsWithChildren<DocsContainerProps>) {
  return (
    <main>
      <DocsContainer {...props} />
    </main>
  );
}
