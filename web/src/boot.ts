import './index.css';
import { seesServerView } from './server-view';

/**
 * The page's entry (issue 50). When the api sent this visitor's first render already (main.tsx), the
 * page is there to paint before any script; the app's code is asked for once the browser reports that
 * paint, so a phone on a slow link spends its first round trips on the page, not on the scripts that
 * will hydrate it. Every other page, a visitor the server's view is not for (another language, staff),
 * and a tab not on screen (which paints nothing) get the app at once: index.html modulepreloads it
 * (web/vite.config.ts), and the api drops those links only from the pages it renders. The stylesheet
 * stays a static import: index.html links it in the head and the api inlines it there.
 */
let started = false;
function start() {
  if (started) return;
  started = true;
  import('./main').catch(() => {
    // no app (a lost connection, a deploy in between): the server's markup is still a page whose
    // links work without React
    document.getElementById('root')?.removeAttribute('inert');
  });
}

function afterFirstPaint(then: () => void) {
  // an entry type the browser does not know is ignored without an error: ask first
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      then();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(then, 0));
  }
  // a paint that is never reported must not leave the page without its app
  setTimeout(then, 1000);
}

const serverView = document.getElementById('hs-first-data') !== null && seesServerView();
if (serverView && document.visibilityState === 'visible' && 'PerformanceObserver' in window)
  afterFirstPaint(start);
else start();
