import { style } from '@vanilla-extract/css';
import { prose } from '../../styles/prose.css';
import { vars } from '../../styles/theme.css';
import { readMore } from './BlogCard.css';

export const article = style({
  maxWidth: vars.layout.narrowWidth,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md} ${vars.space.xxl}`,
});

export const back = style([readMore, { marginBottom: vars.space.lg }]);

export const heroImage = style({
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.lg,
  marginBottom: vars.space.lg,
});

export const postTitle = style({
  margin: `${vars.space.sm} 0`,
  fontSize: vars.fontSize.xxxl,
  fontWeight: vars.fontWeight.black,
  color: vars.color.ink,
  lineHeight: vars.lineHeight.tight,
  // A long unbroken word in a title breaks rather than pushing the page past a phone's width.
  overflowWrap: 'anywhere',
});

export const postExcerpt = style({
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.lg,
  color: vars.color.inkSoft,
  lineHeight: vars.lineHeight.normal,
});

export const byline = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.md} 0`,
  borderTop: vars.border.hairline,
  borderBottom: vars.border.hairline,
  marginBottom: vars.space.xl,
});

export const author = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.ink,
});

/** The post's text: the one long-form rhythm (shared with the editor), at the page's reading size. */
export const content = style([
  prose,
  {
    fontSize: vars.fontSize.lg,
    lineHeight: vars.lineHeight.relaxed,
    color: vars.color.inkSoft,
    // The tag chips that follow stand apart from the last line.
    marginBottom: vars.space.xl,
  },
]);
