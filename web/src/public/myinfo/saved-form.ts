/**
 * What the person had entered, kept in session storage (never local storage: it is personal data)
 * while they are at Singpass, so coming back restores the form as they left it. Read once.
 */
const KEY = 'hs.myinfo.form';
/** A copy older than this is from an abandoned attempt and is not restored. */
const MAX_AGE_MS = 30 * 60 * 1000;

interface Saved<S> {
  form: string;
  at: number;
  state: S;
}

export function saveFormForMyinfo<S>(form: string, state: S): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ form, at: Date.now(), state } satisfies Saved<S>));
  } catch {
    // storage full or blocked: the person comes back to an empty form, still usable
  }
}

/** The saved state of `form`, removed from storage whichever form it belonged to. */
export function takeSavedForm<S>(form: string): S | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Saved<S>;
    if (saved.form !== form || Date.now() - saved.at > MAX_AGE_MS) return null;
    return saved.state;
  } catch {
    return null;
  }
}
