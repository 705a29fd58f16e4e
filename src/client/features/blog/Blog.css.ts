import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { bareList, centredMessage, siteColumn } from '../../styles/rules';

export const page = style({
  ...siteColumn,
  padding: `${vars.space.xxl} ${vars.space.md}`,
});

export const intro = style({
  textAlign: 'center',
  maxWidth: vars.layout.narrowWidth,
  margin: `0 auto ${vars.space.xl}`,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.black,
  color: vars.color.ink,
  lineHeight: vars.lineHeight.tight,
});

export const lead = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.normal,
});

export const grid = style({
  ...bareList,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': {
    [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [breakpoints.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  overflow: 'hidden',
  background: vars.color.surface,
  border: vars.border.hairline,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  transition: `box-shadow ${vars.duration.normal}, transform ${vars.duration.normal}`,
  selectors: { '&:hover': { boxShadow: vars.shadow.md } },
});

export const cardImage = style({
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
  display: 'block',
});

export const cardPlaceholder = style([
  cardImage,
  { display: 'flex', alignItems: 'center', justifyContent: 'center', color: vars.color.muted },
]);

export const cardBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  flex: 1,
});

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
});

export const metaItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xxs });

export const category = style({
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandDark,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.xs,
});

export const cardTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  color: vars.color.ink,
  lineHeight: vars.lineHeight.tight,
});

export const excerpt = style({
  margin: 0,
  color: vars.color.inkSoft,
  lineHeight: vars.lineHeight.normal,
  flex: 1,
});

export const readMore = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  color: vars.color.brand,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '2px' },
  },
});

export const empty = style({
  ...centredMessage,
  color: vars.color.muted,
});

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

export const share = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });

export const shareLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '2.5rem',
  minHeight: '2.5rem',
  padding: `0 ${vars.space.xs}`,
  border: vars.border.hairline,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.ink,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '2px' },
  },
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

const focusRing = { outline: vars.outline.focusRing, outlineOffset: '2px' };

/** The category filter: links, so every category page is crawlable and works without script. */
export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.xl,
});

export const filter = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: vars.border.hairline,
  background: vars.color.surface,
  color: vars.color.ink,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&[aria-current="page"]': {
      background: vars.color.brandDark,
      borderColor: vars.color.brandDark,
      color: vars.color.onBrand,
    },
    '&:focus-visible': focusRing,
  },
});

export const pager = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto 1fr',
  alignItems: 'center',
  gap: vars.space.md,
  marginTop: vars.space.xl,
});

export const pagerStatus = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});

export const pagerLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  justifySelf: 'start',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.brandDark,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  selectors: {
    '&[rel="next"]': { justifySelf: 'end' },
    '&:hover': { background: vars.color.surfaceAlt },
    '&:focus-visible': focusRing,
  },
});
