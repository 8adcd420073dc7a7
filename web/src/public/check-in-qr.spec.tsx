import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckInQr } from './check-in-qr';

describe('CheckInQr', () => {
  it('draws the token as a QR code image, with how to use it', async () => {
    render(<CheckInQr token="abcDEF123_-" />);
    const img = await screen.findByRole('img', { name: 'Check-in QR code' });
    const src = img.getAttribute('src')!;
    expect(src).toMatch(/^data:image\/svg\+xml/);
    // a QR code's SVG paths, not the token in clear
    expect(decodeURIComponent(src)).toContain('<path');
    expect(decodeURIComponent(src)).not.toContain('abcDEF123_-');
    expect(screen.getByText(/one code checks in your whole group/)).toBeTruthy();
  });
});
