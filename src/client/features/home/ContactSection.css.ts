import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { bareList } from '../../styles/rules';

export const layout = style({
  display: 'grid',
  gap: vars.space.xl,
  '@media': {
    [breakpoints.desktop]: { gridTemplateColumns: '2fr 3fr', gap: vars.space.xxl, alignItems: 'start' },
  },
});

export const info = style({ display: 'grid', gap: vars.space.lg });

export const infoTitle = style({ fontSize: vars.fontSize.xl });

export const infoText = style({ color: vars.color.inkSoft, lineHeight: vars.lineHeight.relaxed });

export const infoList = style({
  ...bareList,
  display: 'grid',
  gap: vars.space.md,
});

export const infoItem = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start' });

export const infoIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: vars.radius.md,
  background: vars.color.brandSoft,
  color: vars.color.brand,
});

export const infoLabel = style({ display: 'block', fontWeight: vars.fontWeight.bold });

export const infoLink = style({ color: vars.color.brandDark });
