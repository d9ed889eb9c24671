/**
 * The one layout of every e-mail: a dark-friendly card with the site name, a short text, one big
 * button and the plain link below it (for clients that block buttons). Every interpolated value
 * is HTML-escaped; mail clients get inline styles only.
 */
export const SITE_NAME = 'Nebula';

export interface ActionEmail {
  /** Heading inside the card, also the <title>. */
  title: string;
  /** Paragraphs above the button. */
  intro: string[];
  buttonLabel: string;
  url: string;
  /** Paragraphs below the link (expiry, "ignore this if it wasn't you"). */
  outro: string[];
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const paragraph = (text: string) =>
  `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#c9d1e4;">${escapeHtml(text)}</p>`;

export function renderActionEmail(mail: ActionEmail): { html: string; text: string } {
  const url = escapeHtml(mail.url);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark light">
<meta name="supported-color-schemes" content="dark light">
<title>${escapeHtml(mail.title)}</title>
</head>
<body style="margin:0;padding:0;background:#0f1420;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:#0f1420;">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:520px;">
<tr><td style="padding:0 8px 20px;font-size:22px;font-weight:700;letter-spacing:0.5px;color:#ffffff;">${SITE_NAME}</td></tr>
<tr><td style="background:#1a2130;border:1px solid #273044;border-radius:12px;padding:32px 28px;">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:#ffffff;">${escapeHtml(mail.title)}</h1>
${mail.intro.map(paragraph).join('\n')}
<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 24px;"><tr>
<td align="center" bgcolor="#3b82f6" style="border-radius:8px;">
<a href="${url}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 32px;font-size:16px;font-weight:700;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(mail.buttonLabel)}</a>
</td></tr></table>
<p style="margin:0 0 8px;font-size:13px;color:#8a94ad;">If the button does not work, copy this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all;"><a href="${url}" style="color:#7aa7ff;">${url}</a></p>
${mail.outro.map(paragraph).join('\n')}
</td></tr>
<tr><td style="padding:20px 8px 0;font-size:12px;color:#6b7590;">You receive this e-mail because of an action on your ${SITE_NAME} account.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    `${SITE_NAME}`,
    '',
    mail.title,
    '',
    ...mail.intro.flatMap((p) => [p, '']),
    `${mail.buttonLabel}: ${mail.url}`,
    '',
    ...mail.outro.flatMap((p) => [p, '']),
  ].join('\n');
  return { html, text };
}
