import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { bareList } from '../../styles/rules';

// The blog's search box and results, tags and related posts.

const focusRing = { outline: vars.outline.focusRing, outlineOffset: '2px' };

export const searchForm = style({
  display: 'flex',
  gap: vars.space.xs,
  maxWidth: '32rem',
  margin: `0 auto ${vars.space.lg}`,
});
export const searchInput = style({
  flex: 1,
  minWidth: 0,
  minHeight: '2.75rem',
  padding: `0 ${vars.space.md}`,
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
  font: 'inherit',
  background: vars.color.surface,
  color: vars.color.ink,
  selectors: { '&:focus-visible': focusRing },
});

export const results = style({ ...bareList, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const result = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  background: vars.color.surface,
  border: vars.border.hairline,
  borderRadius: vars.radius.lg,
});
export const resultTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});
export const resultLink = style({
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' }, '&:focus-visible': focusRing },
});
export const snippet = style({ margin: 0, color: vars.color.inkSoft, lineHeight: vars.lineHeight.normal });
export const mark = style({
  background: '#fff1a8',
  color: 'inherit',
  padding: '0 0.1em',
  borderRadius: '2px',
});
export const resultCount = style({
  textAlign: 'center',
  color: vars.color.muted,
  margin: `0 0 ${vars.space.lg}`,
});

export const tags = style({ ...bareList, display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const tag = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2rem',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: vars.border.hairline,
  color: vars.color.brandDark,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.surfaceAlt }, '&:focus-visible': focusRing },
});

export const related = style({
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md} ${vars.space.xxl}`,
});
export const relatedTitle = style({
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.xl,
  color: vars.color.ink,
});
export const relatedGrid = style({
  ...bareList,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: '1fr',
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});
