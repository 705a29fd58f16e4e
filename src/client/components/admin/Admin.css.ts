import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

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

export const postTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.ink,
});

const statusBase = style({
  flexShrink: 0,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
});
export const status = styleVariants({
  published: [statusBase, { background: vars.color.success, color: vars.color.onBrand }],
  draft: [
    statusBase,
    { background: vars.color.surfaceAlt, color: vars.color.inkSoft, border: vars.border.hairline },
  ],
});

export const imagePreview = style({
  width: '100%',
  maxWidth: '20rem',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  border: vars.border.hairline,
});

export const uploadRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

/** The file picker: the button below, with the real input transparent over it (ImageUploadField). */
export const filePicker = style({ position: 'relative', display: 'inline-flex', maxWidth: '100%' });

export const fileInput = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
  // Firefox sizes a file input's box by its own words; the button's box is what shows.
  fontSize: 0,
  selectors: { '&:disabled': { cursor: 'not-allowed' } },
});

export const fileButton = style({});
globalStyle(`${fileInput}:focus-visible + ${fileButton}`, {
  outline: vars.outline.focusRing,
  outlineOffset: '2px',
});
globalStyle(`${fileInput}:hover:not(:disabled) + ${fileButton}`, { background: vars.color.brandSoft });
globalStyle(`${fileInput}:disabled + ${fileButton}`, {
  background: vars.color.line,
  borderColor: vars.color.line,
  color: vars.color.inkSoft,
});

export const fileName = style({
  minWidth: 0,
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

/** A content item's picture in its form and its row: a photo or a logo, never stretched. */
export const thumbnail = style({
  width: '4rem',
  height: '4rem',
  objectFit: 'contain',
  borderRadius: vars.radius.md,
  border: vars.border.hairline,
  background: vars.color.surface,
});

/** A one-line check box with its label, 44 px tall for a thumb. */
export const checkRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '2.75rem',
  fontWeight: vars.fontWeight.medium,
  color: vars.color.ink,
});

/** A checkbox or radio at its size beside any length of label (a two-line label had shrunk it). */
export const checkbox = style({
  width: '1.25rem',
  height: '1.25rem',
  flexShrink: 0,
  accentColor: vars.color.brand,
});
