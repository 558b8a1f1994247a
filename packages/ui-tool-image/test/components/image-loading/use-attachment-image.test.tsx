import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AttachmentNotAvailableError,
  isAttachmentNotAvailable,
  useAttachmentImage,
  usePrefetchAttachmentImage,
  type ImageCachePolicy,
  type LoadImage,
} from '../../../src/components';
import type { AttachmentRef } from '../../../src/model';
import { ToolCardProvider } from '../../../src/plugins';
import { deferredLoader, imageRef, pngBlob, trackObjectUrls } from './support';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const A = imageRef('attachment-a');
const B = imageRef('attachment-b');

function Probe({ id, attachment, loadImage, enabled = true }: { id: string; attachment: AttachmentRef; loadImage: LoadImage; enabled?: boolean }): ReactNode {
  const state = useAttachmentImage(attachment, loadImage, { enabled });
  return <output data-testid={id} data-status={state.status} data-url={state.status === 'ready' ? state.url : undefined} />;
}

function statusOf(id: string): string | null {
  return screen.getByTestId(id).getAttribute('data-status');
}

function urlOf(id: string): string | null {
  return screen.getByTestId(id).getAttribute('data-url');
}

interface Cards {
  readonly ids: readonly string[];
  readonly attachment?: AttachmentRef;
}

function Provider({
  loadImage,
  imageCache,
  queryClient,
  children,
}: {
  loadImage: LoadImage;
  imageCache?: ImageCachePolicy;
  queryClient?: QueryClient;
  children: ReactNode;
}): ReactNode {
  return (
    <ToolCardProvider loadImage={loadImage} {...(imageCache === undefined ? {} : { imageCache })} {...(queryClient === undefined ? {} : { queryClient })}>
      {children}
    </ToolCardProvider>
  );
}

function cards(loadImage: LoadImage, { ids, attachment = A }: Cards): ReactNode {
  return ids.map((id) => <Probe key={id} id={id} attachment={attachment} loadImage={loadImage} />);
}

describe('useAttachmentImage: one load and one object URL per attachment', () => {
  it('loads an attachment shown in three cards once, into one object URL they all show', async () => {
    const urls = trackObjectUrls();
    const load = vi.fn<LoadImage>(() => Promise.resolve(pngBlob()));
    render(<Provider loadImage={load}>{cards(load, { ids: ['one', 'two', 'three'] })}</Provider>);
    await waitFor(() => {
      expect(statusOf('three')).toBe('ready');
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(urls.create).toHaveBeenCalledTimes(1);
    expect(new Set(['one', 'two', 'three'].map(urlOf))).toEqual(new Set(['blob:test/1']));
  });

  it('keeps one URL per attachment and revokes every one of them when the provider unmounts', async () => {
    const urls = trackObjectUrls();
    const load = vi.fn<LoadImage>(() => Promise.resolve(pngBlob()));
    const view = render(
      <Provider loadImage={load}>
        <Probe id="a" attachment={A} loadImage={load} />
        <Probe id="b" attachment={B} loadImage={load} />
        <Probe id="a-again" attachment={A} loadImage={load} />
      </Provider>,
    );
    await waitFor(() => {
      expect(statusOf('b')).toBe('ready');
    });
    expect(urls.create).toHaveBeenCalledTimes(2);
    expect(urls.revoke).not.toHaveBeenCalled();
    view.unmount();
    expect(urls.revoke).toHaveBeenCalledTimes(2);
    expect(urls.live.size).toBe(0);
  });

  it('never revokes while a second card still shows the image, and revokes when the cache entry is collected', async () => {
    const urls = trackObjectUrls();
    const load = vi.fn<LoadImage>(() => Promise.resolve(pngBlob()));
    const gcTime = 30;
    const view = render(
      <Provider loadImage={load} imageCache={{ gcTime }}>
        {cards(load, { ids: ['first', 'second'] })}
      </Provider>,
    );
    await waitFor(() => {
      expect(statusOf('second')).toBe('ready');
    });
    view.rerender(
      <Provider loadImage={load} imageCache={{ gcTime }}>
        {cards(load, { ids: ['second'] })}
      </Provider>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, gcTime * 4)));
    expect(urls.revoke).not.toHaveBeenCalled();
    expect(urlOf('second')).toBe('blob:test/1');

    view.rerender(
      <Provider loadImage={load} imageCache={{ gcTime }}>
        {cards(load, { ids: [] })}
      </Provider>,
    );
    await waitFor(() => {
      expect(urls.revoke).toHaveBeenCalledWith('blob:test/1');
    });
    expect(urls.live.size).toBe(0);
  });

  it('revokes the URL when the cache entry is removed directly', async () => {
    const urls = trackObjectUrls();
    const queryClient = new QueryClient();
    const load = vi.fn<LoadImage>(() => Promise.resolve(pngBlob()));
    render(
      <Provider loadImage={load} queryClient={queryClient}>
        {cards(load, { ids: ['only'] })}
      </Provider>,
    );
    await waitFor(() => {
      expect(statusOf('only')).toBe('ready');
    });
    act(() => {
      queryClient.removeQueries();
    });
    expect(urls.revoke).toHaveBeenCalledWith('blob:test/1');
  });

  it('uses a string URL as is and never revokes it', async () => {
    const urls = trackObjectUrls();
    const load = vi.fn<LoadImage>(() => Promise.resolve('https://attachments.example/a.png'));
    const view = render(<Provider loadImage={load}>{cards(load, { ids: ['one', 'two'] })}</Provider>);
    await waitFor(() => {
      expect(urlOf('two')).toBe('https://attachments.example/a.png');
    });
    view.unmount();
    expect(load).toHaveBeenCalledTimes(1);
    expect(urls.create).not.toHaveBeenCalled();
    expect(urls.revoke).not.toHaveBeenCalled();
  });

  it('keeps two providers sharing a QueryClient apart: one unmounting leaves the other’s URL alone', async () => {
    const urls = trackObjectUrls();
    const queryClient = new QueryClient();
    const load = vi.fn<LoadImage>(() => Promise.resolve(pngBlob()));
    const side = (id: string): ReactNode => (
      <Provider key={id} loadImage={load} queryClient={queryClient}>
        <Probe id={id} attachment={A} loadImage={load} />
      </Provider>
    );
    const view = render(
      <>
        {side('left')}
        {side('right')}
      </>,
    );
    await waitFor(() => {
      expect(statusOf('left')).toBe('ready');
      expect(statusOf('right')).toBe('ready');
    });
    const [leftUrl, rightUrl] = [urlOf('left'), urlOf('right')];
    expect(leftUrl).not.toBe(rightUrl);
    view.rerender(<>{side('right')}</>);
    expect(urls.revoke.mock.calls).toEqual([[leftUrl]]);
    expect(urlOf('right')).toBe(rightUrl);
  });

  it('survives StrictMode and leaks nothing', async () => {
    const urls = trackObjectUrls();
    const load = vi.fn<LoadImage>(() => Promise.resolve(pngBlob()));
    const view = render(<Provider loadImage={load}>{cards(load, { ids: ['one', 'two'] })}</Provider>, { reactStrictMode: true });
    await waitFor(() => {
      expect(statusOf('two')).toBe('ready');
    });
    expect(urls.live.size).toBe(1);
    view.unmount();
    expect(urls.live.size).toBe(0);
    expect(urls.revoke).toHaveBeenCalledTimes(urls.create.mock.calls.length);
  });
});

describe('useAttachmentImage: when to load', () => {
  it('requests nothing while disabled, and shows an image another card loaded even so', async () => {
    const load = vi.fn<LoadImage>(() => Promise.resolve('https://attachments.example/a.png'));
    const view = render(
      <Provider loadImage={load}>
        <Probe id="far" attachment={A} loadImage={load} enabled={false} />
      </Provider>,
    );
    await act(() => Promise.resolve());
    expect(statusOf('far')).toBe('idle');
    expect(load).not.toHaveBeenCalled();

    view.rerender(
      <Provider loadImage={load}>
        <Probe id="far" attachment={A} loadImage={load} enabled={false} />
        <Probe id="near" attachment={A} loadImage={load} />
      </Provider>,
    );
    await waitFor(() => {
      expect(statusOf('far')).toBe('ready');
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('aborts the load when nothing needs the image any more, and makes no URL from a late Blob', async () => {
    const urls = trackObjectUrls();
    const loader = deferredLoader();
    const view = render(<Provider loadImage={loader.load}>{cards(loader.load, { ids: ['one'] })}</Provider>);
    await waitFor(() => {
      expect(loader.pending).toHaveLength(1);
    });
    expect(statusOf('one')).toBe('loading');
    view.rerender(<Provider loadImage={loader.load}>{cards(loader.load, { ids: [] })}</Provider>);
    const [call] = loader.pending;
    expect(call?.signal.aborted).toBe(true);
    await act(async () => {
      call?.resolve(pngBlob());
      await Promise.resolve();
    });
    expect(urls.create).not.toHaveBeenCalled();
  });

  it('prefetches into the same cache: a viewer mounting later does not load again', async () => {
    const load = vi.fn<LoadImage>(() => Promise.resolve('https://attachments.example/b.png'));
    function Prefetcher(): null {
      const prefetch = usePrefetchAttachmentImage();
      useEffect(() => {
        prefetch(B, load);
      }, [prefetch]);
      return null;
    }
    const view = render(
      <Provider loadImage={load}>
        <Prefetcher />
      </Provider>,
    );
    await waitFor(() => {
      expect(load).toHaveBeenCalledTimes(1);
    });
    view.rerender(
      <Provider loadImage={load}>
        <Prefetcher />
        <Probe id="viewer" attachment={B} loadImage={load} />
      </Provider>,
    );
    await waitFor(() => {
      expect(statusOf('viewer')).toBe('ready');
    });
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('useAttachmentImage: failures', () => {
  it('fails with a retry that recovers', async () => {
    const load = vi.fn<LoadImage>().mockRejectedValueOnce(new Error('network down')).mockResolvedValue('https://attachments.example/a.png');
    function RetryingProbe(): ReactNode {
      const state = useAttachmentImage(A, load, { enabled: true });
      return (
        <>
          <output data-testid="card" data-status={state.status} />
          {state.status === 'failed' ? <button onClick={state.retry}>retry</button> : null}
        </>
      );
    }
    render(
      <Provider loadImage={load} imageCache={{ retries: 0 }}>
        <RetryingProbe />
      </Provider>,
    );
    await waitFor(() => {
      expect(statusOf('card')).toBe('failed');
    });
    act(() => {
      screen.getByRole('button', { name: 'retry' }).click();
    });
    await waitFor(() => {
      expect(statusOf('card')).toBe('ready');
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('retries a failed load by itself a few times', async () => {
    const load = vi.fn<LoadImage>().mockRejectedValueOnce(new Error('flaky')).mockResolvedValue('https://attachments.example/a.png');
    render(
      <Provider loadImage={load} imageCache={{ retries: 1 }}>
        {cards(load, { ids: ['card'] })}
      </Provider>,
    );
    await waitFor(
      () => {
        expect(statusOf('card')).toBe('ready');
      },
      { timeout: 3000 },
    );
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says "not available" without retrying, even for a viewer or a prefetch that comes later', async () => {
    const load = vi.fn<LoadImage>(() => Promise.reject(new AttachmentNotAvailableError()));
    function LatePrefetch(): null {
      const prefetch = usePrefetchAttachmentImage();
      useEffect(() => {
        prefetch(A, load);
      }, [prefetch]);
      return null;
    }
    // Several retries allowed: reaching the final state before the first retry delay (1 s) proves none ran.
    const policy = { retries: 3 };
    const view = render(
      <Provider loadImage={load} imageCache={policy}>
        {cards(load, { ids: ['card'] })}
      </Provider>,
    );
    await waitFor(() => {
      expect(statusOf('card')).toBe('not-available');
    });
    view.rerender(
      <Provider loadImage={load} imageCache={policy}>
        {cards(load, { ids: ['card', 'later'] })}
        <LatePrefetch />
      </Provider>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(statusOf('later')).toBe('not-available');
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('isAttachmentNotAvailable', () => {
  it('recognises the error class, the store code, the error name across bundles and an HTTP 404', () => {
    expect(isAttachmentNotAvailable(new AttachmentNotAvailableError())).toBe(true);
    expect(isAttachmentNotAvailable(Object.assign(new Error('gone'), { code: 'ATTACHMENT_NOT_FOUND' }))).toBe(true);
    expect(isAttachmentNotAvailable({ name: 'AttachmentNotAvailableError', message: 'gone' })).toBe(true);
    expect(isAttachmentNotAvailable({ status: 404 })).toBe(true);
  });

  it('treats anything else as a failure worth retrying', () => {
    for (const error of [new Error('boom'), { status: 500 }, { code: 'ATTACHMENT_CORRUPT' }, 'ATTACHMENT_NOT_FOUND', null, undefined]) {
      expect(isAttachmentNotAvailable(error)).toBe(false);
    }
  });
});
