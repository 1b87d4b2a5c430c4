export interface BrandEmail {
  brand: string;
  appUrl: string;
  /** Shown by mail clients beside the subject. */
  preheader: string;
  heading: string;
  /** Plain-text paragraphs; escaped for HTML here. */
  paragraphs: string[];
  details?: Array<[label: string, value: string]>;
  action?: { label: string; url: string };
  /** An image attached inline (`cid:`), e.g. a QR pass, shown under its caption after the details. */
  image?: { cid: string; alt: string; caption: string; size: number };
  signOff?: string;
}

const GOLD = '#c9a35b';
const INK = '#0b0b0c';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The house style of every email we send: HTML (tables and inline styles, which mail clients
 * understand) and a plain-text twin with the same content.
 */
export function renderBrandEmail(email: BrandEmail): { html: string; text: string } {
  const signOff = email.signOff ?? `With warm regards,\n${email.brand} Concierge`;
  const details = email.details ?? [];
  const detailRows = details
    .map(
      ([label, value]) => `
        <tr>
          <td style="padding:10px 0;border-bottom:1px solid #2a2620;color:#9b8f7a;font:12px/1.4 Helvetica,Arial,sans-serif;letter-spacing:2px;text-transform:uppercase;width:38%;vertical-align:top">${escapeHtml(label)}</td>
          <td style="padding:10px 0;border-bottom:1px solid #2a2620;color:#f3ede2;font:15px/1.5 Georgia,'Times New Roman',serif">${escapeHtml(value)}</td>
        </tr>`,
    )
    .join('');
  const action = email.action
    ? `<tr><td align="center" style="padding:32px 0 8px">
         <a href="${escapeHtml(email.action.url)}" style="display:inline-block;padding:16px 36px;background:${GOLD};color:${INK};text-decoration:none;font:600 13px/1 Helvetica,Arial,sans-serif;letter-spacing:3px;text-transform:uppercase">${escapeHtml(email.action.label)}</a>
       </td></tr>`
    : '';
  const image = email.image
    ? `<tr><td align="center" style="padding:32px 40px 0">
         <p style="margin:0 0 14px;color:#9b8f7a;font:12px/1.4 Helvetica,Arial,sans-serif;letter-spacing:2px;text-transform:uppercase">${escapeHtml(email.image.caption)}</p>
         <img src="cid:${escapeHtml(email.image.cid)}" width="${email.image.size}" height="${email.image.size}" alt="${escapeHtml(email.image.alt)}" style="display:block;border:12px solid #f3ede2;background:#f3ede2">
       </td></tr>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(email.heading)}</title></head>
<body style="margin:0;padding:0;background:${INK}">
<span style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(email.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${INK}">
<tr><td align="center" style="padding:40px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#121213;border:1px solid #2a2620">
  <tr><td align="center" style="padding:40px 40px 8px;color:${GOLD};font:400 13px/1 Helvetica,Arial,sans-serif;letter-spacing:6px;text-transform:uppercase">${escapeHtml(email.brand)}</td></tr>
  <tr><td align="center" style="padding:0 40px"><div style="width:48px;height:1px;background:${GOLD};margin:20px auto"></div></td></tr>
  <tr><td align="center" style="padding:0 40px 24px;color:#f3ede2;font:400 32px/1.25 Georgia,'Times New Roman',serif">${escapeHtml(email.heading)}</td></tr>
  <tr><td style="padding:0 40px;color:#d9d1c3;font:16px/1.7 Georgia,'Times New Roman',serif">
    ${email.paragraphs.map((p) => `<p style="margin:0 0 18px">${escapeHtml(p)}</p>`).join('')}
  </td></tr>
  ${details.length ? `<tr><td style="padding:8px 40px 0"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${detailRows}</table></td></tr>` : ''}
  ${image}
  ${action}
  <tr><td style="padding:32px 40px 40px;color:#9b8f7a;font:italic 15px/1.6 Georgia,'Times New Roman',serif;white-space:pre-line">${escapeHtml(signOff)}</td></tr>
</table>
<p style="color:#5f574b;font:11px/1.6 Helvetica,Arial,sans-serif;letter-spacing:1px;margin:24px 0 0">${escapeHtml(email.brand)} · Private &amp; by invitation · <a href="${escapeHtml(email.appUrl)}" style="color:#5f574b">${escapeHtml(email.appUrl.replace(/^https?:\/\//, ''))}</a></p>
</td></tr></table>
</body></html>`;
  const text = [
    email.brand.toUpperCase(),
    '',
    email.heading,
    '',
    ...email.paragraphs.flatMap((p) => [p, '']),
    ...details.map(([label, value]) => `${label}: ${value}`),
    ...(details.length ? [''] : []),
    ...(email.action ? [`${email.action.label}: ${email.action.url}`, ''] : []),
    signOff,
  ].join('\n');
  return { html, text };
}
