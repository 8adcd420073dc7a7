/**
 * The site's message lookup: the part of i18next the site used (nested keys, `{{value}}`
 * interpolation, `_one`/`_other` plurals by Intl.PluralRules, a fallback language, `defaultValue`), in
 * a few hundred bytes instead of i18next's 18 KB gzipped, which the first page could not afford
 * (issue 50: at most 120 KB of JavaScript before `/` renders).
 */
export type Catalogue = { [key: string]: string | Catalogue };
export type TOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

type Listener = () => void;

const plurals = new Map<string, Intl.PluralRules>();
function pluralOf(language: string, count: number): string {
  let rules = plurals.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    plurals.set(language, rules);
  }
  return rules.select(count);
}

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `{{name}}` (spaces allowed) from `values`; an unknown name stays as it is, as i18next leaves it. */
export function interpolate(text: string, values: Record<string, unknown> | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(/{{\s*([\w.]+)\s*}}/g, (match, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? match : String(value);
  });
}

export class Translator {
  language: string;
  private readonly catalogues = new Map<string, Catalogue>();
  private readonly listeners = new Set<Listener>();
  private readonly fixed = new Map<string, TFunction>();

  constructor(
    language: string,
    private readonly fallback: string,
  ) {
    this.language = language;
  }

  hasResourceBundle(language: string): boolean {
    return this.catalogues.has(language);
  }

  addResourceBundle(language: string, catalogue: Catalogue): void {
    this.catalogues.set(language, catalogue);
    this.fixed.clear(); // a new `t` for each language, so that renders that depend on it run again
    this.emit();
  }

  async changeLanguage(language: string): Promise<void> {
    if (language === this.language) return;
    this.language = language;
    this.emit();
  }

  /** The raw text of `key` in `language` (its plural form for `count`), else in the fallback language. */
  private find(language: string, key: string, count: number | undefined): string | undefined {
    for (const lng of language === this.fallback ? [language] : [language, this.fallback]) {
      const catalogue = this.catalogues.get(lng);
      const plural = count === undefined ? undefined : lookup(catalogue, `${key}_${pluralOf(lng, count)}`);
      const text = plural ?? (count === undefined ? undefined : lookup(catalogue, `${key}_other`));
      const found = text ?? lookup(catalogue, key);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** The text of `key`, interpolated; the key itself when no catalogue has it (nor a defaultValue). */
  translate(language: string, key: string, options?: TOptions): string {
    const text = this.find(language, key, options?.count) ?? options?.defaultValue ?? key;
    return interpolate(text, options);
  }

  t: TFunction = (key, options) => this.translate(this.language, key, options);

  /** A `t` bound to `language`; the same function until a catalogue is added. */
  getFixedT(language: string): TFunction {
    let t = this.fixed.get(language);
    if (!t) {
      t = (key, options) => this.translate(language, key, options);
      this.fixed.set(language, t);
    }
    return t;
  }

  /** Called after every language change or added catalogue. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}
