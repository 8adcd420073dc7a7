import './index.css';

/**
 * The page's entry (issue 50). When the api sent a first view (main.tsx), the page is there to paint
 * before any script; the app's code is asked for once the browser reports that paint, so a phone on a
 * slow link spends its first round trips on the page, not on the scripts that will hydrate it. Without a
 * first view (the back office, any other page), or in a tab not on screen (which paints nothing), the
 * app loads at once. The stylesheet stays a static import: index.html links it in the head and the api
 * inlines it there.
 */
let started = false;
function start() {
  if (started) return;
  started = true;
  void import('./main');
}

function afterFirstPaint(then: () => void) {
  try {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      then();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // no paint timing in this browser: after the next frame
    requestAnimationFrame(() => setTimeout(then, 0));
  }
  // a paint that is never reported must not leave the page without its app
  setTimeout(then, 1000);
}

if (document.getElementById('hs-first-data') && document.visibilityState === 'visible')
  afterFirstPaint(start);
else start();
