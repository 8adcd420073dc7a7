import { type ReactNode, Suspense, use } from 'react';
import { css } from 'styled-system/css';
import { Spinner } from '../../components/ui/spinner';

/*
 * The wizard's steps after the first, the waiting-list form and the held slot: one chunk, fetched
 * once the booker starts on the first step (issue 50: `/events/{slug}` shows the event and the
 * packages with at most 170 KB of JavaScript; the form fields, the slot list, the review with its
 * dialogs and validation come after). `preloadLaterSteps()` starts the fetch ahead of the click that
 * needs it.
 */
const load = () => import('./later-steps-parts');
type Parts = Awaited<ReturnType<typeof load>>;
/** The chunk's promise, marked fulfilled when it is (React's use() then returns at once, no fallback). */
let parts: (Promise<Parts> & { status?: string; value?: Parts }) | undefined;
export function preloadLaterSteps(): Promise<Parts> {
  if (!parts) {
    const promise: Promise<Parts> & { status?: string; value?: Parts } = load().then((loaded) => {
      promise.status = 'fulfilled';
      promise.value = loaded;
      return loaded;
    });
    parts = promise;
  }
  return parts;
}

/** A part of the chunk: rendered at once once the chunk is there, else suspended until it is. */
function part<K extends keyof Parts>(name: K) {
  type Props = Parameters<Parts[K]>[0];
  function Part(props: Props) {
    const Component = use(preloadLaterSteps())[name] as (p: Props) => ReactNode;
    return <Component {...props} />;
  }
  Part.displayName = name;
  return Part;
}

export const PersonalStep = part('PersonalStep');
export const SlotStep = part('SlotStep');
export const ReviewStep = part('ReviewStep');
export const HeldSlot = part('HeldSlot');
export const JoinWaitlistForm = part('JoinWaitlistForm');

/** Where a step shows while its chunk arrives (rarely seen: it is fetched during the first step). */
export function StepSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className={css({ display: 'flex', justifyContent: 'center', py: '10' })}>
          <Spinner />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
