import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

export const layout = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '0.9fr 1.1fr' } },
});

export const details = style({ display: 'grid', gap: vars.space.lg });

export const note = style({ color: vars.color.onDarkSoft, lineHeight: vars.lineHeight.relaxed });
