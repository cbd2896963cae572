// A QR code as an SVG data URL, drawn in the browser (nothing is fetched from another host).
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The QR code of `url` (null while it is drawn, or without a url). */
export function useQrCode(url: string | null): string | null {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    setQr(null);
    if (!url) return;
    let live = true;
    QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((svg) => live && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [url]);
  return qr;
}
