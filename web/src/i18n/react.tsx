import {
  cloneElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useSyncExternalStore,
} from 'react';
import { i18n } from './instance';
import { interpolate, type TFunction, type Translator } from './translator';

/*
 * The React side of the site's messages, with react-i18next's names: `useTranslation()` and `<Trans>`.
 * A component that calls either renders again when the language changes or a catalogue arrives.
 */

const subscribe = (listener: () => void) => i18n.subscribe(listener);
const snapshot = () => i18n.getFixedT(i18n.language);

export function useTranslation(): { t: TFunction; i18n: Translator } {
  const t = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { t, i18n };
}

type Components = Record<string, ReactElement>;

/**
 * A text with `<name>…</name>` (or `<name/>`) tags, each rendered as `components[name]` holding the
 * tag's content. Values are put in after the tags are read, so a value is never taken for markup.
 */
function render(text: string, components: Components, values: Record<string, unknown> | undefined) {
  const tag = /<(\/?)(\w+)\s*(\/?)>/g;
  // a stack of open tags, each with the children gathered so far
  const stack: { name: string; children: ReactNode[] }[] = [{ name: '', children: [] }];
  let last = 0;
  let key = 0;
  const top = () => stack[stack.length - 1]!;
  const element = (name: string, children: ReactNode[]) => {
    const component = components[name];
    if (!isValidElement(component)) return <Fragment key={key++}>{children}</Fragment>;
    return cloneElement(component, { key: key++ }, ...(children.length > 0 ? children : []));
  };
  for (const m of text.matchAll(tag)) {
    const [whole, closing, name = '', selfClosing] = m;
    if (m.index > last) top().children.push(interpolate(text.slice(last, m.index), values));
    last = m.index + whole.length;
    if (selfClosing) top().children.push(element(name, []));
    else if (!closing) stack.push({ name, children: [] });
    else if (stack.length > 1 && top().name === name) {
      const open = stack.pop()!;
      top().children.push(element(open.name, open.children));
    } else top().children.push(whole); // a stray closing tag is text
  }
  if (last < text.length) top().children.push(interpolate(text.slice(last), values));
  // tags left open: their content as it came
  while (stack.length > 1) {
    const open = stack.pop()!;
    top().children.push(`<${open.name}>`, ...open.children);
  }
  return stack[0]!.children;
}

export interface TransProps {
  i18nKey: string;
  values?: Record<string, unknown>;
  components?: Components;
}

/** `<Trans i18nKey="payment.amountDue" values={{ amount }} components={{ strong: <strong /> }} />` */
export function Trans({ i18nKey, values, components = {} }: TransProps) {
  useTranslation(); // again on a language change
  const text = i18n.translate(i18n.language, i18nKey, { defaultValue: i18nKey });
  return <>{render(text, components, values)}</>;
}
