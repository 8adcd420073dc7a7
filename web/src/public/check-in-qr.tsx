import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n';
import { css } from 'styled-system/css';

/**
 * The booking's check-in QR code (issue 23): the opaque token the front desk scans, drawn in the
 * browser (nothing about the order is in it). Shown on the confirmation page and the success screen,
 * and printed with them.
 */
export function CheckInQr({ token }: { token: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // SVG: sharp at any size and when printed, and drawn without a canvas.
    QRCode.toString(token, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
      (svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [token]);
  return (
    <figure
      data-testid="check-in-qr"
      className={css({
        display: 'grid',
        justifyItems: 'center',
        gap: '2',
        p: '4',
        borderWidth: '1px',
        borderColor: 'border.default',
        borderRadius: 'l2',
        textAlign: 'center',
      })}
    >
      {src ? (
        <img src={src} alt={t('checkInQr.alt')} width={180} height={180} />
      ) : (
        <div className={css({ w: '180px', h: '180px' })} aria-hidden="true" />
      )}
      <figcaption className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        <strong className={css({ color: 'fg.default' })}>{t('checkInQr.title')}</strong>{' '}
        {t('checkInQr.caption')}
      </figcaption>
    </figure>
  );
}
