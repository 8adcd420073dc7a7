import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { restoreLanguage } from './i18n';
import { seesServerView } from './server-view';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/**
 * The api may have rendered this page already (issue 50: services/api/src/plugins/app/first-view.ts),
 * in English, from the api answers it put in `#hs-first-data` (SWR key -> answer). Those answers are
 * the first render's data, so that render is the server's HTML and React only hydrates it.
 */
function firstData(): Record<string, unknown> | undefined {
  const script = document.getElementById('hs-first-data');
  if (!script?.textContent || !root?.firstElementChild) return undefined;
  try {
    return JSON.parse(script.textContent) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * Until React has taken over every control of the server's markup, a click or a submit would do the
 * browser's default (a form would send the page's own URL again): the api sends `#root` inert. A
 * control React has hydrated carries React's own property; when all do (the route's lazy chunk included),
 * the page becomes usable. After 10 s it does in any case.
 */
function inertUntilHydrated(container: HTMLElement) {
  container.inert = true;
  const started = Date.now();
  const hydrated = (el: Element) => Object.keys(el).some((key) => key.startsWith('__reactProps$'));
  const check = () => {
    const controls = container.querySelectorAll('a, button, input, select, textarea, form');
    if ([...controls].every(hydrated) || Date.now() - started > 10_000) container.inert = false;
    else setTimeout(check, 50);
  };
  setTimeout(check, 50);
}

const fallback = firstData();
if (fallback && seesServerView()) {
  inertUntilHydrated(root);
  // in a transition, hydrating yields to the browser every few milliseconds instead of holding the main
  // thread until the whole page is done (the page is on screen meanwhile; a tap waits at most a slice)
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App swr={{ fallback }} />
      </StrictMode>,
    );
  });
} else {
  // no server view, or another one than this visitor's first render: React renders anew (still from the
  // inlined answers, so without a round trip)
  root.inert = false;
  createRoot(root).render(
    <StrictMode>
      <App swr={fallback ? { fallback } : undefined} />
    </StrictMode>,
  );
}

// the remembered language's catalogue loads beside the first (English) paint
void restoreLanguage();
