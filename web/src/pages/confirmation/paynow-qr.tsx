import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { css } from 'styled-system/css';
import { DownloadIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';

/** Shown this wide (CSS px): it scans from another phone's camera, and fits a 360 px screen. */
const QR_PX = 256;
/** The saved picture's size: sharp enough for a banking app reading it from the photo gallery. */
const SAVED_PX = 768;

/**
 * The QR as a PNG data URL, for the photo gallery a banking app's "scan from gallery" reads (an SVG
 * file does not go there). Null when the browser cannot draw it (then the SVG is saved).
 */
function toPng(svgUrl: string): Promise<string | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => {
      try {
        const canvas = document.createElement('canvas');
        canvas.width = SAVED_PX;
        canvas.height = SAVED_PX;
        const ctx = canvas.getContext('2d');
        if (!ctx) return resolve(null);
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, SAVED_PX, SAVED_PX);
        ctx.imageSmoothingEnabled = false;
        ctx.drawImage(img, 0, 0, SAVED_PX, SAVED_PX);
        resolve(canvas.toDataURL('image/png'));
      } catch {
        resolve(null); // a browser that taints a canvas with an SVG image
      }
    };
    img.onerror = () => resolve(null);
    img.src = svgUrl;
  });
}

/** The PayNow QR (the server's SVG), large enough to scan, with a link that saves it as a picture. */
export function PayNowQr({ svg, alt, reference }: { svg: string; alt: string; reference: string }) {
  const { t } = useTranslation();
  const svgUrl = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  const [png, setPng] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    setPng(null);
    void toPng(svgUrl).then((url) => alive && setPng(url));
    return () => {
      alive = false;
    };
  }, [svgUrl]);

  const name = `paynow-${reference || 'qr'}`;
  return (
    <div className={css({ display: 'grid', justifyItems: 'center', gap: '3' })}>
      <img
        src={svgUrl}
        alt={alt}
        width={QR_PX}
        height={QR_PX}
        data-testid="paynow-qr"
        className={css({ maxW: 'full', h: 'auto', bg: 'white', borderRadius: 'l2' })}
      />
      <Button asChild variant="outline" size="sm">
        <a href={png ?? svgUrl} download={png ? `${name}.png` : `${name}.svg`}>
          <DownloadIcon />
          {t('payment.paynow.save')}
        </a>
      </Button>
    </div>
  );
}
