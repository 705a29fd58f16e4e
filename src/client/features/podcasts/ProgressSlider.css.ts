import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const wrapper = style({ display: 'grid', gap: vars.space.xxs });

// Radix keeps a thumb inside its slider by shifting it up to half its width at either end
// (radix-ui/primitives#1966). Ours sits centred on the bar's ends, as it always has: the slider
// reaches half a thumb past the bar at each side, and the bar (the rail) is drawn half a thumb in.
// Radix maps the pointer over the whole slider, so at the very ends a click lands up to half a
// thumb from where it points, as in any Radix slider.
export const halfThumb = `calc(${vars.space.md} / 2)`;

export const track = style({
  position: 'relative',
  display: 'block',
  height: vars.space.xs,
  // A tall hit area around the thin bar, so it is easy to grab.
  margin: `${vars.space.sm} calc(-1 * ${halfThumb})`,
  cursor: 'pointer',
  touchAction: 'none',
  selectors: {
    '&::before': { content: '""', position: 'absolute', inset: `calc(-1 * ${vars.space.sm}) 0` },
    '&[data-disabled]': { cursor: 'default', opacity: 0.6 },
  },
});

export const rail = style({
  position: 'absolute',
  inset: `0 ${halfThumb}`,
  borderRadius: vars.radius.pill,
  background: vars.color.line,
});

// The thumb takes the focus; the ring goes round the bar, which is what people see as the slider.
globalStyle(`${track}:has(:focus-visible) ${rail}`, {
  outline: vars.outline.focusRing,
  outlineOffset: vars.space.xs,
});

export const fill = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
});

/** Where the thumb goes, as Radix places it: centred on the position along the rail. */
export const thumbPlace = style({ position: 'absolute', transform: 'translateX(-50%)' });

export const thumb = style({
  display: 'block',
  width: vars.space.md,
  height: vars.space.md,
  // Centred on the bar's height (Radix centres it on the position).
  marginTop: `calc((${vars.space.xs} - ${vars.space.md}) / 2)`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  border: `3px solid ${vars.color.brand}`,
  boxShadow: vars.shadow.sm,
  outline: 'none',
});

export const times = style({
  display: 'flex',
  justifyContent: 'space-between',
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  fontVariantNumeric: 'tabular-nums',
});
