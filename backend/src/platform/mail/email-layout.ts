/** A detail's value: words, or words that link somewhere (an address is never printed raw). */
export type EmailDetail = [label: string, value: string | { text: string; url: string }];

export interface BrandEmail {
  brand: string;
  appUrl: string;
  /** Shown by mail clients beside the subject. */
  preheader: string;
  heading: string;
  /** Plain-text paragraphs; escaped for HTML here. A link belongs in `action` or a detail, never in the words. */
  paragraphs: string[];
  details?: EmailDetail[];
  action?: { label: string; url: string };
  /** An image attached inline (`cid:`), e.g. a QR pass, shown under its caption after the details. */
  image?: { cid: string; alt: string; caption: string; size: number };
  signOff?: string;
  /**
   * Mail a person can leave (EmailDeliveryService hands these to the render of an email with a
   * category): the footer's "Unsubscribe or choose what you receive".
   */
  unsubscribe?: { url: string; preferencesUrl: string };
}

/**
 * The site's palette (frontend/src/app/theme.ts and global.css), as solid colours: mail clients
 * do not all blend rgba, so the site's translucent ivories are mixed onto their background here.
 */
export const EMAIL_PALETTE = {
  ink: '#0b0b0c',
  inkRaised: '#141416',
  ivory: '#f4eee3',
  gold: '#c9a35b',
  /** The site's --mf-ivory-soft (74 %) on the card. */
  ivorySoft: '#bab5ae',
  /** The site's --mf-ivory-faint (56 %) on the card: labels, captions, the sign-off. */
  ivoryFaint: '#918e89',
  /** --mf-ivory-faint on the page around the card: the footer. */
  footer: '#8d8a84',
  /** --mf-hairline (gold, 32 %) on the card. */
  hairline: '#4e422c',
} as const;

/**
 * The display face is Cormorant Garamond; where a reader lacks it, other Garamonds and
 * Baskervilles come closest, then Georgia, whose proportions are nearer than Times'.
 */
export const EMAIL_SERIF =
  "'Cormorant Garamond', Cormorant, Garamond, 'EB Garamond', Baskerville, 'Baskerville Old Face', 'Hoefler Text', Georgia, serif";
/** Small tracked capitals (labels, the button, the footer), as the site sets them in a sans. */
const EMAIL_SANS = "'Helvetica Neue', Helvetica, Arial, sans-serif";

const C = EMAIL_PALETTE;

/**
 * Narrow screens: less padding, and details as label-over-value, so a 375 px phone shows the
 * card whole. Clients that drop <style> still get a layout that fits, only roomier.
 */
const NARROW_STYLE = `@media (max-width: 480px) {
  .mf-page { padding: 24px 8px !important; }
  .mf-pad { padding-left: 24px !important; padding-right: 24px !important; }
  .mf-heading { font-size: 28px !important; }
  .mf-detail td { display: block !important; width: auto !important; }
  .mf-detail .mf-label { padding-bottom: 2px !important; border-bottom: 0 !important; }
}`;

/**
 * Long words (an address, a name) wrap instead of widening the card; figures line up with capitals
 * (Cormorant's old-style figures make '01:00' read 'o1:oo').
 */
const WRAP = 'overflow-wrap:break-word;word-wrap:break-word;word-break:break-word;font-variant-numeric:lining-nums';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function detailHtml(value: EmailDetail[1]): string {
  if (typeof value === 'string') return escapeHtml(value);
  return `<a href="${escapeHtml(value.url)}" style="color:${C.gold};text-decoration:underline">${escapeHtml(value.text)}</a>`;
}

/**
 * The house style of every email we send: HTML (tables and inline styles, which mail clients
 * understand) and a plain-text twin with the same content. Links are words (a button, a
 * detail); the plain text, which cannot link, spells out their addresses.
 */
export function renderBrandEmail(email: BrandEmail): { html: string; text: string } {
  const signOff = email.signOff ?? `With warm regards,\n${email.brand} Concierge`;
  const details = email.details ?? [];
  const detailRows = details
    .map(
      ([label, value]) => `
        <tr class="mf-detail">
          <td class="mf-label" style="padding:16px 12px 12px 0;border-bottom:1px solid ${C.hairline};color:${C.ivoryFaint};font:500 11px/1.5 ${EMAIL_SANS};letter-spacing:2px;text-transform:uppercase;width:36%;vertical-align:top">${escapeHtml(label)}</td>
          <td style="padding:12px 0;border-bottom:1px solid ${C.hairline};color:${C.ivory};font:17px/1.45 ${EMAIL_SERIF};${WRAP}">${detailHtml(value)}</td>
        </tr>`,
    )
    .join('');
  const action = email.action
    ? `<tr><td class="mf-pad" align="center" style="padding:36px 40px 4px">
         <a href="${escapeHtml(email.action.url)}" style="display:inline-block;padding:16px 28px;background:${C.gold};color:${C.ink};text-decoration:none;font:600 12px/1.4 ${EMAIL_SANS};letter-spacing:2px;text-transform:uppercase">${escapeHtml(email.action.label)}</a>
       </td></tr>`
    : '';
  const image = email.image
    ? `<tr><td class="mf-pad" align="center" style="padding:32px 40px 0">
         <p style="margin:0 0 14px;color:${C.ivoryFaint};font:500 11px/1.5 ${EMAIL_SANS};letter-spacing:2px;text-transform:uppercase">${escapeHtml(email.image.caption)}</p>
         <img src="cid:${escapeHtml(email.image.cid)}" width="${email.image.size}" height="${email.image.size}" alt="${escapeHtml(email.image.alt)}" style="display:block;border:12px solid ${C.ivory};background:${C.ivory}">
       </td></tr>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="dark"><meta name="supported-color-schemes" content="dark">
<title>${escapeHtml(email.heading)}</title>
<style>${NARROW_STYLE}</style></head>
<body style="margin:0;padding:0;background:${C.ink}">
<span style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(email.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${C.ink}">
<tr><td class="mf-page" align="center" style="padding:40px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${C.inkRaised};border:1px solid ${C.hairline}">
  <tr><td class="mf-pad" align="center" style="padding:40px 40px 8px;color:${C.gold};font:500 12px/1.4 ${EMAIL_SANS};letter-spacing:5px;text-transform:uppercase">${escapeHtml(email.brand)}</td></tr>
  <tr><td class="mf-pad" align="center" style="padding:0 40px"><div style="width:48px;height:1px;background:${C.gold};margin:20px auto"></div></td></tr>
  <tr><td class="mf-pad mf-heading" align="center" style="padding:0 40px 24px;color:${C.ivory};font:500 34px/1.2 ${EMAIL_SERIF};${WRAP}">${escapeHtml(email.heading)}</td></tr>
  <tr><td class="mf-pad" style="padding:0 40px;color:${C.ivorySoft};font:18px/1.6 ${EMAIL_SERIF};${WRAP}">
    ${email.paragraphs.map((p) => `<p style="margin:0 0 18px">${escapeHtml(p)}</p>`).join('')}
  </td></tr>
  ${details.length ? `<tr><td class="mf-pad" style="padding:8px 40px 0"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${detailRows}</table></td></tr>` : ''}
  ${image}
  ${action}
  <tr><td class="mf-pad" style="padding:32px 40px 40px;color:${C.ivoryFaint};font:italic 18px/1.5 ${EMAIL_SERIF};white-space:pre-line">${escapeHtml(signOff)}</td></tr>
</table>
<p class="mf-footer" style="color:${C.footer};font:12px/1.6 ${EMAIL_SANS};letter-spacing:1px;margin:24px 0 0"><a href="${escapeHtml(email.appUrl)}" style="color:${C.footer};text-decoration:underline">${escapeHtml(email.brand)}</a> · Private &amp; by invitation</p>
${
  email.unsubscribe
    ? `<p class="mf-footer" style="color:${C.footer};font:12px/1.6 ${EMAIL_SANS};letter-spacing:1px;margin:8px 0 0"><a href="${escapeHtml(email.unsubscribe.url)}" style="color:${C.footer};text-decoration:underline">Unsubscribe</a> or <a href="${escapeHtml(email.unsubscribe.preferencesUrl)}" style="color:${C.footer};text-decoration:underline">choose what you receive</a></p>\n`
    : ''
}</td></tr></table>
</body></html>`;
  const detailText = ([label, value]: EmailDetail) =>
    typeof value === 'string' ? `${label}: ${value}` : `${label}: ${value.text} (${value.url})`;
  const text = [
    email.brand.toUpperCase(),
    '',
    email.heading,
    '',
    ...email.paragraphs.flatMap((p) => [p, '']),
    ...details.map(detailText),
    ...(details.length ? [''] : []),
    ...(email.action ? [`${email.action.label}: ${email.action.url}`, ''] : []),
    signOff,
    ...(email.unsubscribe
      ? [
          '',
          '--',
          `Unsubscribe: ${email.unsubscribe.url}`,
          `Choose what you receive: ${email.unsubscribe.preferencesUrl}`,
        ]
      : []),
  ].join('\n');
  return { html, text };
}
