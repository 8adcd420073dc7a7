import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '../../components/ui/button';

interface Detector {
  detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** A frame decoder: the browser's BarcodeDetector where it exists, else jsqr over a canvas frame. */
async function frameDecoder(video: HTMLVideoElement): Promise<() => Promise<string | null>> {
  const Native = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async () => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  // Loaded only on browsers without BarcodeDetector (Safari, Firefox), so the others never fetch it.
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async () => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/**
 * The device camera reading a check-in QR code (issue 23). Calls `onCode` once with the first code
 * read, then stops the camera; `onClose` when staff cancel.
 */
export function QrScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot use the camera.');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const decode = await frameDecoder(video.current);
        const tick = async () => {
          if (stopped) return;
          const code = await decode().catch(() => null);
          if (code && !stopped) {
            stopped = true;
            onCode(code);
            return;
          }
          timer = setTimeout(tick, 150);
        };
        void tick();
      } catch (e) {
        setFailure(e instanceof Error && e.message ? e.message : 'The camera could not be started.');
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onCode]);

  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      {failure ? (
        <p role="alert" className={css({ color: 'danger.text' })}>
          {failure} Search by reference number or name instead.
        </p>
      ) : (
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera: point it at the check-in QR code"
          className={css({ w: 'full', maxH: '60vh', bg: 'black', borderRadius: 'l2', objectFit: 'cover' })}
        />
      )}
      <Button variant="outline" onClick={onClose}>
        Stop scanning
      </Button>
    </div>
  );
}
