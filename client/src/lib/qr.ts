// A QR code as an SVG data URL, drawn in the browser (nothing is fetched from another host). Teachers'
// pages only (the board's lobby, a class's code): drawn once per text in the tab's query cache.
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { keys } from './query';

async function draw(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The QR code of `url` (null while it is drawn, if it cannot be, or without a url). */
export function useQrCode(url: string | null): string | null {
  const { data } = useQuery({
    queryKey: keys.qrCode(url ?? ''),
    queryFn: () => draw(url ?? ''),
    enabled: !!url,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (url && data) || null;
}
