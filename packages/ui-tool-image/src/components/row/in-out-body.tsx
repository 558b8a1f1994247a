import { useMemo, type ReactNode } from 'react';
import { useLabels } from '../../labels';
import type { ToolCallNode, ToolRowModel } from '../../model';
import { prettyArguments } from './pretty-arguments';
import { ResultText } from './result-text';

export interface InOutBodyProps {
  readonly node: ToolCallNode;
  readonly row: ToolRowModel;
}

/** The generic body: the arguments (IN) and the flattened result (OUT), both as plain text. */
export function InOutBody({ node, row }: InOutBodyProps): ReactNode {
  const labels = useLabels();
  const { argsRaw } = node;
  const input = useMemo(() => (argsRaw === null ? null : prettyArguments(argsRaw)), [argsRaw]);
  return (
    <dl className="tc-io">
      <dt className="tc-io__label">{labels['row.input']}</dt>
      <dd className="tc-io__value">{input === null ? <p className="tc-note">{labels['row.noArguments']}</p> : <pre className="tc-text">{input}</pre>}</dd>
      <dt className="tc-io__label">{labels['row.output']}</dt>
      <dd className="tc-io__value">
        <ResultText output={row.output} />
      </dd>
    </dl>
  );
}
