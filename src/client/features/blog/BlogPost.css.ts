import { globalStyle, style } from '@vanilla-extract/css';
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

export const content = style({
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.relaxed,
  color: vars.color.inkSoft,
});

globalStyle(`${content} h2, ${content} h3, ${content} h4`, {
  color: vars.color.ink,
  lineHeight: vars.lineHeight.tight,
  marginTop: vars.space.xl,
});

globalStyle(`${content} img`, { maxWidth: '100%', height: 'auto', borderRadius: vars.radius.md });

globalStyle(`${content} a`, { color: vars.color.accent });

globalStyle(`${content} blockquote`, {
  margin: `${vars.space.lg} 0`,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderLeft: `4px solid ${vars.color.brand}`,
  background: vars.color.surfaceAlt,
  borderRadius: `0 ${vars.radius.md} ${vars.radius.md} 0`,
});
