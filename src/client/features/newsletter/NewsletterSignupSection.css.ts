import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { sectionTitle } from '../../styles/rules';

export const band = style({
  padding: `${vars.space.xxl} ${vars.space.md}`,
  background: `linear-gradient(135deg, ${vars.color.brand} 0%, ${vars.color.brandDark} 100%)`,
  color: vars.color.onBrand,
  '@media': { [breakpoints.tablet]: { padding: `${vars.space.xxxl} ${vars.space.lg}` } },
});
export const inner = style({
  maxWidth: vars.layout.narrowWidth,
  margin: '0 auto',
  textAlign: 'center',
  display: 'grid',
  gap: vars.space.md,
});
export const icon = style({ justifySelf: 'center' });
export const title = style(sectionTitle);
export const lead = style({ fontSize: vars.fontSize.lg, opacity: 0.95 });
export const form = style({
  display: 'grid',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: '1fr auto', alignItems: 'end' } },
});
export const field = style({ display: 'grid', gap: vars.space.xxs, textAlign: 'left' });
export const label = style({ fontWeight: vars.fontWeight.medium, fontSize: vars.fontSize.sm });
export const input = style({
  width: '100%',
  minHeight: '3.25rem',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.color.surface}`,
  background: vars.color.surface,
  color: vars.color.ink,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.onBrand}`, outlineOffset: '2px' } },
});
export const small = style({ fontSize: vars.fontSize.sm, opacity: 0.95 });
export const link = style({ color: vars.color.onBrand, fontWeight: vars.fontWeight.bold });
export const button = style({ selectors: { '&:focus-visible': { outlineColor: vars.color.onBrand } } });
