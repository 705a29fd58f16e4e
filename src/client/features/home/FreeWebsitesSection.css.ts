import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { panelSurface } from '../../styles/rules';

export const steps = style({
  listStyle: 'none',
  margin: `${vars.space.xxl} 0 0`,
  padding: 0,
  display: 'grid',
  gap: vars.space.lg,
  counterReset: 'step',
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});
export const step = style({
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.xs,
  ...panelSurface,
});
export const stepNumber = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.25rem',
  height: '2.25rem',
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontWeight: vars.fontWeight.bold,
});
export const stepTitle = style({ fontSize: vars.fontSize.lg });
export const stepText = style({ color: vars.color.muted });
export const badge = style({ justifySelf: 'start' });
