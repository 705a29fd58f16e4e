import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { siteColumn } from '../../styles/rules';

export const section = style({
  padding: `${vars.space.xxl} ${vars.space.md}`,
  background: vars.color.surfaceAlt,
});
export const inner = style({
  ...siteColumn,
  padding: vars.space.lg,
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'center',
  justifyItems: 'start',
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: vars.border.hairline,
  '@media': {
    [breakpoints.tablet]: { padding: vars.space.xl },
    [breakpoints.desktop]: { gridTemplateColumns: 'auto 1fr auto' },
  },
});
// Two classes deep so it wins over the button's nowrap: the label may wrap on a narrow phone.
export const cta = style({ selectors: { [`${inner} &`]: { whiteSpace: 'normal', textAlign: 'center' } } });
export const icon = style({
  display: 'inline-flex',
  padding: vars.space.sm,
  borderRadius: vars.radius.pill,
  background: vars.color.academySoft,
  color: vars.color.academy,
});
export const copy = style({ display: 'grid', gap: vars.space.xs });
export const title = style({ fontSize: vars.fontSize.xl });
export const text = style({ color: vars.color.inkSoft, maxWidth: '40rem' });
