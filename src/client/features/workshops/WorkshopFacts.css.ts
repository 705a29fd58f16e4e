import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { bareList } from '../../styles/rules';

export const facts = style({ ...bareList, display: 'grid', gap: vars.space.md });

export const fact = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  fontSize: vars.fontSize.lg,
});

export const factIcon = style({ flexShrink: 0, color: vars.color.academySoft });

export const factLabel = style({
  display: 'block',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.onDarkSoft,
});
