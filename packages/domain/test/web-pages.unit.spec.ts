import { describe, expect, it } from 'vitest';
import { isWebPage } from '../src';

describe('the web pages the server knows (issue 46)', () => {
  it('knows the pages, with their parameters', () => {
    for (const path of [
      '/',
      '/events/community-screening',
      '/legacy/events',
      '/legacy/events/x',
      '/booking/confirmation/HS2611-0101-1234',
      '/booking/abc/participants',
      '/wc',
      '/wc/CODE1',
      '/admin',
      '/admin/',
      '/admin/check-in',
      '/Privacy',
      '/WC/ABC123',
    ]) {
      expect(isWebPage(path), path).toBe(true);
    }
  });

  it('does not know anything else', () => {
    for (const path of [
      '/nope',
      '/events',
      '/events/a/b',
      '/booking/confirmation',
      '/admin/nope',
      '/admin/dashboard/extra',
      '/waitlist',
      '/wc/a/b',
      '/privacy//',
      '//privacy',
    ]) {
      expect(isWebPage(path), path).toBe(false);
    }
  });
});
