import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// Long-form text (a post, an issue of the newsletter) has one rhythm, the same in the admin's rich
// editor as on the published page, so what is written is what is published: space between
// paragraphs, a heading nearer the text it introduces than the text before it, spaced lists and
// quotes. In em, so it follows the text's size. The reset sets paragraphs' margins to 0; these win
// over it (they are not in the reset layer).

export const prose = style({});

/** Between blocks. */
const flow = '1em';

globalStyle(`${prose} > *`, { marginBlock: 0 });
globalStyle(`${prose} > * + *`, { marginTop: flow });
globalStyle(`${prose} > * + :is(h2, h3, h4)`, { marginTop: '1.75em' });
globalStyle(`${prose} > :is(h2, h3, h4) + *`, { marginTop: '0.5em' });
globalStyle(`${prose} :is(ul, ol)`, { paddingLeft: '1.5em' });
globalStyle(`${prose} li + li, ${prose} li > :is(ul, ol)`, { marginTop: '0.35em' });
globalStyle(`${prose} li > p`, { margin: 0 });
globalStyle(`${prose} blockquote > * + *`, { marginTop: flow });
globalStyle(`${prose} img`, { maxWidth: '100%', height: 'auto', borderRadius: vars.radius.md });
globalStyle(`${prose} a`, { color: vars.color.accent });
globalStyle(`${prose} :is(h2, h3, h4)`, { color: vars.color.ink, lineHeight: vars.lineHeight.tight });
globalStyle(`${prose} blockquote`, {
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderLeft: `4px solid ${vars.color.brand}`,
  background: vars.color.surfaceAlt,
  borderRadius: `0 ${vars.radius.md} ${vars.radius.md} 0`,
});
