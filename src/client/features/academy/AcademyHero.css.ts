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
  background: `linear-gradient(160deg, ${vars.color.academySoft} 0%, ${vars.color.surface} 70%)`,
  ...bandPadding,
});

export const inner = style({
  ...heroGrid,
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '1.1fr 0.9fr' } },
});

export const copy = style({ display: 'grid', gap: vars.space.lg });

export const eyebrow = style({
  justifySelf: 'start',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  border: `1px solid ${vars.color.academy}`,
  color: vars.color.academyDark,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
});

export const title = style({
  ...heroTitle,
  color: vars.color.ink,
});
export const highlight = style({ color: vars.color.academy });
export const lead = style({
  ...heroLead,
  maxWidth: '40rem',
});

export const actions = style(heroActions);
export const action = style(heroAction);
export const secondary = style({ border: `2px solid ${vars.color.academy}`, color: vars.color.academyDark });

export const facts = style({ ...bareList, display: 'grid', gap: vars.space.xs });
export const fact = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.inkSoft,
  fontWeight: vars.fontWeight.medium,
});
export const factIcon = style({ color: vars.color.academy, flexShrink: 0 });

export const image = style({ width: '100%', height: 'auto', justifySelf: 'center' });
