import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { bareList } from '../../styles/rules';

export const logos = style({
  ...bareList,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});
export const logo = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.md,
  minHeight: '5rem',
  borderRadius: vars.radius.md,
  border: vars.border.hairline,
  background: vars.color.surface,
});
export const image = style({ width: '100%', maxWidth: '12rem', height: 'auto' });
export const link = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  minHeight: '2.75rem',
  borderRadius: vars.radius.sm,
  selectors: { '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '2px' } },
});
