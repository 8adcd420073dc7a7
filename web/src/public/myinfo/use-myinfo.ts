import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { errorMessage } from '../../lib/api';
import type { ApiEnvelope } from '../../lib/api';
import { MYINFO_KEY } from '../../lib/swr-keys';
import { authorizeUrl, fetchMyinfoPrefill, type MyinfoPrefill } from './myinfo-api';
import { currentReturnTo, type MyinfoErrorKind, takeMyinfoReturn } from './return-fragment';
import { saveFormForMyinfo, takeSavedForm } from './saved-form';

/** The alert above the form: a return from Singpass that did not work, or the server's refusal. */
export type MyinfoNotice = { kind: MyinfoErrorKind } | { message: string };

export interface MyinfoFlow {
  /** Singpass is configured: the button is offered. */
  enabled: boolean;
  /** While the fields are Myinfo's: the person as retrieved. Null once cleared or expired. */
  person: MyinfoPrefill | null;
  /** What a booking sends as `myinfoHandle`: only while the fields are Myinfo's. */
  handle: string | undefined;
  notice: MyinfoNotice | null;
  /** The prefill is being fetched after the return. */
  loading: boolean;
  /** Saves the form and goes to Singpass (a full-page navigation). */
  start: () => void;
  /** "Clear and enter manually": the Myinfo values go, the fields unlock, the handle is dropped. */
  clear: () => void;
  /** The booking refused the handle as too old (409): unlock, keep the values, say why. */
  expire: (message: string) => void;
  /** A refusal to show above the form (e.g. the 400 on a changed identity). */
  show: (message: string) => void;
  dismiss: () => void;
}

export interface UseMyinfoOptions<S> {
  /** Which form the saved copy belongs to (another page ignores it). */
  form: string;
  /** What to save before leaving for Singpass. */
  snapshot: () => S;
  /** Puts the saved form back, before the prefill is applied. */
  restore: (saved: S) => void;
  /** Fills the fields from Myinfo (null values leave the person's own). */
  apply: (person: MyinfoPrefill) => void;
  /** Takes the Myinfo values out of the fields. */
  unapply: (person: MyinfoPrefill) => void;
}

/** Leaves the page; a seam so tests can see where the button goes. */
export const navigation = {
  assign: (url: string) => window.location.assign(url),
};

/**
 * "Retrieve Myinfo with Singpass" for one form (issue 49): the button's target, the return from
 * Singpass (fragment removed at once, the form restored, the prefill fetched and applied), and the
 * lock that keeps the verified identity as Myinfo gave it until the person clears it.
 */
export function useMyinfo<S>(options: UseMyinfoOptions<S>): MyinfoFlow {
  const latest = useRef(options);
  latest.current = options;
  const { data } = useSWR<ApiEnvelope<{ enabled: boolean }>>(MYINFO_KEY);
  const [person, setPerson] = useState<MyinfoPrefill | null>(null);
  const [notice, setNotice] = useState<MyinfoNotice | null>(null);
  const [loading, setLoading] = useState(false);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const back = takeMyinfoReturn();
    if (!back) return;
    const saved = takeSavedForm<S>(latest.current.form);
    if (saved !== null) latest.current.restore(saved);
    if ('error' in back) {
      setNotice({ kind: back.error });
      return;
    }
    setLoading(true);
    fetchMyinfoPrefill(back.handle)
      .then((p) => {
        latest.current.apply(p);
        setPerson(p);
        setNotice(null);
      })
      // 410 (used or expired) and anything else: the server's words, the form as the person left it
      .catch((error) => setNotice({ message: errorMessage(error) }))
      .finally(() => setLoading(false));
  }, []);

  return {
    enabled: data?.data?.enabled === true,
    person,
    handle: person?.handle,
    notice,
    loading,
    start: () => {
      saveFormForMyinfo(latest.current.form, latest.current.snapshot());
      navigation.assign(authorizeUrl(currentReturnTo()));
    },
    clear: () => {
      if (person) latest.current.unapply(person);
      setPerson(null);
      setNotice(null);
    },
    expire: (message) => {
      setPerson(null);
      setNotice({ message });
    },
    show: (message) => setNotice({ message }),
    dismiss: () => setNotice(null),
  };
}
