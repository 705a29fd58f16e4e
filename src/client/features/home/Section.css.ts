import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { bandPadding, eyebrowText, sectionTitle, siteColumn } from '../../styles/rules';

export const section = style(bandPadding);
export const alt = style({ background: vars.color.surfaceAlt });
export const inner = style(siteColumn);
export const header = style({ maxWidth: '44rem', margin: `0 auto ${vars.space.xl}`, textAlign: 'center' });
export const eyebrow = style({
  color: vars.color.brand,
  ...eyebrowText,
  marginBottom: vars.space.xs,
});
export const title = style(sectionTitle);
export const lead = style({ marginTop: vars.space.sm, color: vars.color.muted, fontSize: vars.fontSize.lg });
export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(15rem, 1fr))',
});
export const centre = style({ display: 'flex', justifyContent: 'center', marginTop: vars.space.xl });
