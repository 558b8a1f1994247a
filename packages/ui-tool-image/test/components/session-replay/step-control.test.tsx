import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { StepControl } from '../../../src/components/session-replay/step-control';
import { logAtEvent, parseSessionLog, type ParsedSessionLog } from '../../../src/model';
import screenshot from '../../../../../stories/fixtures/sessions/01-screenshot-png.jsonl?raw';
import { renderInProvider } from '../harness';

afterEach(() => {
  cleanup();
});

const LOG = parseSessionLog(screenshot);

/** The control over `log`, holding its step as an app would, and what the replay would be given. */
function Stepped({ log, initial }: { readonly log: ParsedSessionLog; readonly initial: number | null }) {
  const [shown, setShown] = useState<number | null>(initial);
  return (
    <>
      <StepControl log={log} shown={shown} onShownChange={setShown} />
      <p data-testid="replayed">{logAtEvent(log, shown ?? log.events.length).events.length}</p>
    </>
  );
}

const position = () => screen.getByTestId('replay-step').textContent;
const replayed = () => Number(screen.getByTestId('replayed').textContent);

describe('StepControl', () => {
  const total = LOG.events.length;

  it('following the end: every event, the last one named; Next is disabled', () => {
    renderInProvider(<Stepped log={LOG} initial={null} />);
    expect(position()).toBe(`Event ${total} of ${total}`);
    expect(screen.getByRole('slider', { name: 'Event' })).toHaveProperty('value', String(total));
    expect(screen.getByRole('button', { name: 'Next event' })).toHaveProperty('disabled', true);
    expect(replayed()).toBe(total);
  });

  it('Previous / Next event buttons and the , / . keys move one event; the event’s kind and what it is about show', () => {
    renderInProvider(<Stepped log={LOG} initial={2} />);
    expect(position()).toBe(`Event 2 of ${total}`);
    fireEvent.click(screen.getByRole('button', { name: 'Next event' }));
    expect(position()).toBe(`Event 3 of ${total}`);
    expect(replayed()).toBe(3);
    fireEvent.keyDown(document.body, { key: ',' });
    fireEvent.keyDown(document.body, { key: ',' });
    expect(position()).toBe(`Event 1 of ${total}`);
    // The first event of this log is the person's prompt.
    expect(screen.getByText('user/message')).toBeTruthy();
    expect(screen.getByText('What is on the login screen in screenshots/login-screen.png?')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: '.' });
    fireEvent.keyDown(document.body, { key: '.' });
    expect(screen.getByText('tool/call')).toBeTruthy();
    expect(screen.getByText('read_image · call-1')).toBeTruthy();
    // A result is named by its call: the tool looked up among the events before it.
    fireEvent.keyDown(document.body, { key: '.' });
    expect(screen.getByText('tool/result')).toBeTruthy();
    expect(screen.getByText('read_image · call-1')).toBeTruthy();
  });

  it('step 0 says what it shows; Previous is disabled there; values are clamped to the log', () => {
    renderInProvider(<Stepped log={LOG} initial={-5} />);
    expect(position()).toBe(`Event 0 of ${total}`);
    expect(screen.getByText('Before the first event: the session header only')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous event' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByRole('slider', { name: 'Event' }), { target: { value: String(total + 40) } });
    expect(position()).toBe(`Event ${total} of ${total}`);
    expect(replayed()).toBe(total);
  });

  it('keys typed into a field are the person’s typing, not steps', () => {
    renderInProvider(
      <>
        <Stepped log={LOG} initial={2} />
        <input aria-label="notes" />
      </>,
    );
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'notes' }), { key: '.' });
    expect(position()).toBe(`Event 2 of ${total}`);
  });
});
