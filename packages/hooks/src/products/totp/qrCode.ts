// The QR code of a new TOTP comes from the provider as a data URL (no QR library in the browser). Only an image the
// widget may put in `<img src>` passes: a base64 PNG, or an SVG (an `<img>` runs no script of an SVG).
const PNG = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;
const SVG_BASE64 = /^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+={0,2}$/;
const SVG_ENCODED = /^data:image\/svg\+xml(;charset=utf-8)?,[A-Za-z0-9%._~!$&'()*+,;=:@/?-]+$/i;

/** `qrCode` when it is a `data:image/png;base64,` or `data:image/svg+xml` URL, else null (never rendered). */
export function safeQrCodeDataUrl(qrCode: unknown): string | null {
  if (typeof qrCode !== 'string' || qrCode.length > 200_000) return null;
  return PNG.test(qrCode) || SVG_BASE64.test(qrCode) || SVG_ENCODED.test(qrCode) ? qrCode : null;
}

/** The secret as an app's manual entry shows it: groups of four characters (`ABCD EFGH …`). */
export function formatManualKey(secret: string): string {
  return secret.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
