import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

export const layout = style({
  display: 'grid',
  gap: vars.space.xl,
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)' } },
});

export const comingSoon = style({
  display: 'grid',
  justifyItems: 'center',
  alignContent: 'center',
  gap: vars.space.sm,
  padding: vars.space.xl,
  textAlign: 'center',
  borderRadius: vars.radius.lg,
  background: vars.color.brandSoft,
});
export const comingSoonIcon = style({ color: vars.color.brand });
export const comingSoonTitle = style({ fontSize: vars.fontSize.xl });
export const comingSoonText = style({ color: vars.color.inkSoft, maxWidth: '28rem' });
