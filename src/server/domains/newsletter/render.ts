import { convert } from 'html-to-text';
import { escapeHtml } from '../../platform/escape';
import { addressLine, BUSINESS, type BusinessDetails } from '../../../shared/business';
import { postHtmlWithAbsoluteUrls } from '../blog';

// The newsletter e-mail: MJML (a maintained e-mail templating library) turns one template into the
// table layout, inlined styles and 600 px width that mail programs need; html-to-text makes the
// plain-text part from the same HTML. The body is the admin's rich-editor HTML, sanitised as a
// post's is, with every image and link made absolute (a mail program has no page to resolve from).

export interface IssueContent {
  subject: string;
  preheader: string;
  bodyHtml: string;
}

export interface RenderLinks {
  /** The web version (/newsletter/<slug>), once the issue has one. */
  viewInBrowser: string | null;
  /** The body's unsubscribe link (the page asks nothing: the address is removed at once). */
  unsubscribe: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The body as it may go in an e-mail: sanitised as a post is, with absolute image and link addresses. */
export function emailBodyHtml(bodyHtml: string, publicUrl: string): string {
  return postHtmlWithAbsoluteUrls(bodyHtml, publicUrl, { imageWidth: '552' });
}

/**
 * The body styles, inlined into every element by MJML (juice) so Gmail and Outlook keep them; the
 * dark-mode rules stay in the head for the programs that honour prefers-color-scheme.
 */
const INLINE_CSS = `
  p { margin: 0 0 16px; }
  h2 { font-size: 22px; line-height: 1.3; margin: 24px 0 12px; color: #14213d; }
  h3, h4 { font-size: 18px; line-height: 1.3; margin: 20px 0 10px; color: #14213d; }
  a { color: #0b5cad; }
  img { max-width: 100%; height: auto; display: block; margin: 8px 0 16px; border: 0; }
  blockquote { margin: 0 0 16px; padding-left: 12px; border-left: 3px solid #c9d3e3; color: #3d4a5c; }
  ul, ol { margin: 0 0 16px; padding-left: 24px; }
`;
const DARK_CSS = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .hlm-bg, .hlm-bg > table, .hlm-card, .hlm-card > table { background: #10151f !important; }
    .hlm-card div, .hlm-card p, .hlm-card li, .hlm-card h2, .hlm-card h3, .hlm-card h4 { color: #e8ecf2 !important; }
    .hlm-card a { color: #8cc4ff !important; }
    .hlm-foot div { color: #a9b4c4 !important; }
  }
`;

/** The whole e-mail: subject, HTML (MJML's output) and the plain-text part. */
export async function renderIssueEmail(
  content: IssueContent,
  links: RenderLinks,
  options: { publicUrl: string; business: BusinessDetails; test?: boolean },
): Promise<RenderedEmail> {
  const body = emailBodyHtml(content.bodyHtml, options.publicUrl);
  const postal = `${BUSINESS.legalName}, ${addressLine(options.business)}`;
  const subject = options.test ? `[Test] ${content.subject}` : content.subject;
  const viewLink = links.viewInBrowser
    ? `<a href="${escapeHtml(links.viewInBrowser)}" style="color:#5b6778">View this e-mail in your browser</a>`
    : '';
  const template = `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(subject)}</mj-title>
    ${content.preheader ? `<mj-preview>${escapeHtml(content.preheader)}</mj-preview>` : ''}
    <mj-attributes>
      <mj-all font-family="Arial, Helvetica, sans-serif" />
      <mj-text font-size="16px" line-height="1.6" color="#1f2937" />
    </mj-attributes>
    <mj-style inline="inline">${INLINE_CSS}</mj-style>
    <mj-style>${DARK_CSS}</mj-style>
  </mj-head>
  <mj-body width="600px" background-color="#eef2f7" css-class="hlm-bg">
    <mj-section padding="16px 24px 8px">
      <mj-column>
        <mj-text align="center" font-size="12px" color="#5b6778" css-class="hlm-foot">${viewLink}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px" css-class="hlm-card">
      <mj-column>
        <mj-text font-size="13px" font-weight="bold" color="#0b5cad" padding-bottom="0">${escapeHtml(BUSINESS.name)}</mj-text>
        <mj-text font-size="26px" line-height="1.25" font-weight="bold" color="#14213d">${escapeHtml(content.subject)}</mj-text>
        <mj-text>${body}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="16px 24px 32px">
      <mj-column>
        <mj-text align="center" font-size="12px" line-height="1.5" color="#5b6778" css-class="hlm-foot">
          You receive this because you subscribed to the ${escapeHtml(BUSINESS.name)} newsletter.<br />
          <a href="${escapeHtml(links.unsubscribe)}" style="color:#5b6778">Unsubscribe</a><br /><br />
          ${escapeHtml(postal)}
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  // Loaded on the first issue rendered, not at start: mjml and its dependencies (lodash among them)
  // held their source and compiled code in every server's heap, which each full collection walks,
  // for what only a send or the admin's preview uses (docs/bench/2026-11-27-cached-reads.md).
  const { default: mjml2html } = await import('mjml');
  const result = await mjml2html(template, { validationLevel: 'soft', keepComments: false });
  const text = [
    links.viewInBrowser ? `View this e-mail in your browser: ${links.viewInBrowser}\n` : '',
    content.subject,
    '',
    convert(body, {
      wordwrap: 78,
      selectors: [
        { selector: 'img', format: 'skip' },
        { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
        { selector: 'h2', options: { uppercase: false } },
        { selector: 'h3', options: { uppercase: false } },
      ],
    }),
    '',
    '--',
    `You receive this because you subscribed to the ${BUSINESS.name} newsletter.`,
    `Unsubscribe: ${links.unsubscribe}`,
    '',
    postal,
  ].join('\n');
  return { subject, html: result.html, text };
}
