import { style } from '@vanilla-extract/css';
import { inComponents } from '../../styles/layered';
import { vars } from '../../styles/theme.css';

export const badge = style(
  inComponents({
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xxs,
    padding: `${vars.space.xxs} ${vars.space.sm}`,
    borderRadius: vars.radius.pill,
    background: vars.color.brand,
    color: vars.color.onBrand,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.bold,
    letterSpacing: '0.04em',
    textTransform: 'uppercase',
  }),
);
