/** How the callback sends the person back: a URL fragment on the page they left (issue 49). */
export type MyinfoErrorKind = 'cancelled' | 'unavailable' | 'refused';

export type MyinfoReturn = { handle: string } | { error: MyinfoErrorKind } | null;

const KINDS: readonly MyinfoErrorKind[] = ['cancelled', 'unavailable', 'refused'];

/** Reads `#myinfo=<handle>` or `#myinfo-error=<kind>`; anything else is not a return from Singpass. */
export function parseMyinfoFragment(hash: string): MyinfoReturn {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const handle = params.get('myinfo');
  if (handle && /^[A-Za-z0-9_-]+$/.test(handle)) return { handle };
  const error = params.get('myinfo-error');
  if (error !== null) {
    // an unknown kind still brings the person back with a message, never silently
    return { error: (KINDS as readonly string[]).includes(error) ? (error as MyinfoErrorKind) : 'refused' };
  }
  return null;
}

/**
 * Takes the return off the address at once: the handle must not stay in the history, a bookmark or a
 * shared link (it is single use, but a reload would show a needless "expired").
 */
export function takeMyinfoReturn(): MyinfoReturn {
  const found = parseMyinfoFragment(window.location.hash);
  if (found) {
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }
  return found;
}

/** The page to come back to: the server accepts only a path on our own site. */
export function currentReturnTo(): string {
  const { pathname, search } = window.location;
  return `${pathname.startsWith('/') ? pathname : `/${pathname}`}${search}`;
}
