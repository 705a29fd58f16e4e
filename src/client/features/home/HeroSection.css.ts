import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import {
  bandPadding,
  bareList,
  heroAction,
  heroActions,
  heroGrid,
  heroLead,
  heroTitle,
} from '../../styles/rules';

export const hero = style({
  background: `linear-gradient(160deg, ${vars.color.brandSoft} 0%, ${vars.color.surface} 55%, ${vars.color.accentSoft} 100%)`,
  ...bandPadding,
});
export const inner = style({
  ...heroGrid,
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '1.1fr 1fr', gap: vars.space.xxl } },
});
export const copy = style({ display: 'grid', gap: vars.space.lg });
export const eyebrow = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  justifySelf: 'start',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  border: vars.border.hairline,
  color: vars.color.brandDark,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
});
export const title = style({
  ...heroTitle,
  letterSpacing: '-0.02em',
});
export const highlight = style({ color: vars.color.brand });
export const lead = style({
  ...heroLead,
  maxWidth: '36rem',
});
export const actions = style(heroActions);
export const action = style(heroAction);
export const claims = style({
  ...bareList,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
});
export const claim = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });
export const claimIcon = style({ color: vars.color.success });
export const strong = style({ color: vars.color.ink, fontWeight: vars.fontWeight.bold });
export const image = style({ width: '100%', maxWidth: '34rem', justifySelf: 'center' });
