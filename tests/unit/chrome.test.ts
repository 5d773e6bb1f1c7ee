/**
 * coverage.md §2 chrome: the render-error fallback around the React islands ('Something went wrong.' with
 * the message) and the guard of the one reload after a chunk load failure (§9: 10 s marker).
 */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ErrorBoundary, withErrorBoundary } from '../../src/components/islands/ErrorBoundary';
import { isChunkLoadError, shouldReloadAfterChunkError } from '../../src/lib/ui/chunk-reload';
import { CHUNK_RELOAD_MARKER_MS } from '../../src/domain/constants';

function Thrower(): never {
  throw new Error('Cannot read the cart');
}

/** Renders the boundary as React does after a child threw: the state from getDerivedStateFromError, then render(). */
function renderAfterThrow(locale: 'en' | 'zh' | 'ar', child: () => unknown): string {
  const boundary = new ErrorBoundary({ locale, children: createElement(Thrower) });
  let thrown: unknown;
  try {
    child();
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeDefined();
  boundary.state = ErrorBoundary.getDerivedStateFromError(thrown);
  return renderToStaticMarkup(createElement('div', null, boundary.render()));
}

describe('ErrorBoundary', () => {
  it('shows the spec text and the message of a throwing child', () => {
    const html = renderAfterThrow('en', () => Thrower());
    expect(html).toContain('Something went wrong.');
    expect(html).toContain('Cannot read the cart');
    expect(html).toContain('role="alert"');
  });

  it('speaks the island language', () => {
    expect(renderAfterThrow('zh', () => Thrower())).toContain('出了点问题。');
    expect(renderAfterThrow('ar', () => Thrower())).toContain('حدث خطأ ما.');
  });

  it('turns a thrown non-Error into a message', () => {
    const html = renderAfterThrow('en', () => {
      throw 'plain text failure';
    });
    expect(html).toContain('plain text failure');
  });

  it('renders the island itself while nothing throws', () => {
    const Island = ({ locale }: { locale: 'en' }) => createElement('p', null, `cart in ${locale}`);
    const html = renderToStaticMarkup(createElement(withErrorBoundary(Island), { locale: 'en' }));
    expect(html).toBe('<p>cart in en</p>');
    expect(html).not.toContain('Something went wrong.');
  });
});

describe('chunk reload guard', () => {
  const now = 1_700_000_000_000;
  it('reloads when there is no marker or an unreadable one', () => {
    expect(shouldReloadAfterChunkError(null, now)).toBe(true);
    expect(shouldReloadAfterChunkError('', now)).toBe(true);
    expect(shouldReloadAfterChunkError('garbage', now)).toBe(true);
  });

  it('does not reload again within 10 s of the last reload', () => {
    expect(CHUNK_RELOAD_MARKER_MS).toBe(10_000);
    expect(shouldReloadAfterChunkError(String(now), now)).toBe(false);
    expect(shouldReloadAfterChunkError(String(now - 9_999), now)).toBe(false);
  });

  it('reloads once the marker is 10 s old or from the future (a changed clock)', () => {
    expect(shouldReloadAfterChunkError(String(now - 10_000), now)).toBe(true);
    expect(shouldReloadAfterChunkError(String(now - 60_000), now)).toBe(true);
    expect(shouldReloadAfterChunkError(String(now + 5_000), now)).toBe(true);
  });

  it('recognises failed dynamic imports only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://shop/_astro/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Network request failed'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
