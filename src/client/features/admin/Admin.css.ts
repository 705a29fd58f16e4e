import { style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

export const shell = style({ background: vars.color.surfaceAlt, minHeight: '70vh', padding: `${vars.space.xl} ${vars.space.md}` });

export const inner = style({ maxWidth: vars.layout.maxWidth, margin: '0 auto', display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const topBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const welcome = style({ margin: 0, fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.black, color: vars.color.ink });

export const subtle = style({ margin: 0, color: vars.color.muted });

// The section tabs wrap rather than scroll, so every section is in sight; on a phone they are
// pills of a thumb's size.
export const nav = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  borderBottom: vars.border.hairline,
  '@media': { [breakpoints.phone]: { borderBottom: 'none' } },
});

export const navItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: 'none',
  borderBottom: '3px solid transparent',
  background: 'transparent',
  color: vars.color.muted,
  fontWeight: vars.fontWeight.bold,
  font: 'inherit',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&[aria-current="page"]': { color: vars.color.brand, borderBottomColor: vars.color.brand },
    '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '-3px' },
  },
  '@media': {
    [breakpoints.phone]: {
      border: vars.border.hairline,
      borderRadius: vars.radius.pill,
      background: vars.color.surface,
      selectors: {
        '&[aria-current="page"]': { background: vars.color.brand, borderColor: vars.color.brand, color: vars.color.onBrand },
      },
    },
  },
});

export const columns = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  alignItems: 'start',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  padding: vars.space.lg,
  '@media': { [breakpoints.phone]: { padding: vars.space.md } },
  background: vars.color.surface,
  border: vars.border.hairline,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
});

export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.xl, color: vars.color.ink });




export const postTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold, color: vars.color.ink });



const statusBase = style({
  flexShrink: 0,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
});
export const status = styleVariants({
  published: [statusBase, { background: vars.color.success, color: vars.color.onBrand }],
  draft: [statusBase, { background: vars.color.surfaceAlt, color: vars.color.inkSoft, border: vars.border.hairline }],
});

export const imagePreview = style({
  width: '100%',
  maxWidth: '20rem',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  border: vars.border.hairline,
});

export const uploadRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const fileInput = style({
  maxWidth: '100%',
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  selectors: { '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '2px' } },
});

export const centre = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.md, padding: vars.space.xxl, textAlign: 'center' });
