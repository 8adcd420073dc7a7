import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../public/test-utils';
import { noticeParagraphs } from './privacy-page';

describe('/privacy (issue 24)', () => {
  it('shows the notice staff wrote, paragraph by paragraph, with its version', async () => {
    mockApi({
      'GET /api/privacy-notice': {
        success: true,
        data: { text: 'Why we ask for your NRIC.\n\nHow long we keep it.', version: 3, updatedAt: null },
      },
    });
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeTruthy();
    expect(await screen.findByText('Why we ask for your NRIC.')).toBeTruthy();
    expect(screen.getByText('How long we keep it.')).toBeTruthy();
    expect(screen.getByText('Version 3')).toBeTruthy();
  });

  it('says so when the notice cannot be loaded', async () => {
    mockApi({});
    renderApp('/privacy');
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
  });

  it('splits paragraphs on blank lines only', () => {
    expect(noticeParagraphs('a\nb\n\n \n c \n\n')).toEqual(['a\nb', 'c']);
  });
});
