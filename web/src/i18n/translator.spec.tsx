import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Translator } from './translator';

function translator() {
  const i18n = new Translator('en', 'en');
  i18n.addResourceBundle('en', {
    home: { title: 'Events', left_one: '{{count}} slot left', left_other: '{{count}} slots left' },
    greet: 'Hello {{ name }}, {{missing}}',
    onlyEnglish: 'English only',
  });
  i18n.addResourceBundle('zh', { home: { title: '活动', left_other: '剩余 {{count}} 个' } });
  return i18n;
}

describe('the message store (what the site used of i18next)', () => {
  it('looks up nested keys, interpolates, and keeps an unknown {{name}}', () => {
    const i18n = translator();
    expect(i18n.t('home.title')).toBe('Events');
    expect(i18n.t('greet', { name: 'Mei' })).toBe('Hello Mei, {{missing}}');
  });

  it("picks the plural form by the language's rules", () => {
    const i18n = translator();
    expect(i18n.t('home.left', { count: 1 })).toBe('1 slot left');
    expect(i18n.t('home.left', { count: 3 })).toBe('3 slots left');
    expect(i18n.getFixedT('zh')('home.left', { count: 1 })).toBe('剩余 1 个');
  });

  it('falls back to English, then the defaultValue, then the key', () => {
    const zh = translator().getFixedT('zh');
    expect(zh('home.title')).toBe('活动');
    expect(zh('onlyEnglish')).toBe('English only');
    expect(zh('nope', { defaultValue: 'Default' })).toBe('Default');
    expect(zh('nope.either')).toBe('nope.either');
  });

  it('tells listeners of a language change and keeps `t` until something changes', async () => {
    const i18n = translator();
    const t = i18n.getFixedT('en');
    expect(i18n.getFixedT('en')).toBe(t);
    let calls = 0;
    const off = i18n.subscribe(() => calls++);
    await i18n.changeLanguage('zh');
    expect(i18n.language).toBe('zh');
    expect(i18n.t('home.title')).toBe('活动');
    off();
    await i18n.changeLanguage('en');
    expect(calls).toBe(1);
  });
});

describe('<Trans>', () => {
  it('renders the tags as the given elements and puts values in as text, never as markup', async () => {
    const { i18n } = await import('./instance');
    const { Trans } = await import('./react');
    i18n.addResourceBundle('xx', { t: { x: 'Pay <strong>{{amount}}</strong> by <b>{{time}}</b><logo/>' } });
    await i18n.changeLanguage('xx'); // a made-up language: the real catalogues stay as they are
    const { container } = render(
      <Trans
        i18nKey="t.x"
        values={{ amount: 'S$10', time: '<i>now</i>' }}
        components={{ strong: <strong />, logo: <span className="logo" /> }}
      />,
    );
    expect(container.innerHTML).toBe(
      'Pay <strong>S$10</strong> by &lt;i&gt;now&lt;/i&gt;<span class="logo"></span>',
    );
  });
});
