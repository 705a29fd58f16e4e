import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { bareList, eyebrowText, sectionTitle } from '../../styles/rules';

// Two-column blocks (an illustration beside text) shared by the about, free-website and editorial sections.
export const split = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'center',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '1fr 1fr', gap: vars.space.xxl } },
});
export const media = style({
  width: '100%',
  borderRadius: vars.radius.lg,
});
export const mediaEnd = style({
  '@media': { [breakpoints.desktop]: { order: 2 } },
});
export const body = style({ display: 'grid', gap: vars.space.md });
export const eyebrow = style({
  color: vars.color.brand,
  ...eyebrowText,
});
export const title = style(sectionTitle);
export const text = style({
  color: vars.color.inkSoft,
  lineHeight: vars.lineHeight.relaxed,
  fontSize: vars.fontSize.lg,
});
export const list = style({ ...bareList, display: 'grid', gap: vars.space.sm });
export const item = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start' });
export const itemIcon = style({ color: vars.color.success, flexShrink: 0, marginTop: '0.2rem' });
export const itemTitle = style({ fontWeight: vars.fontWeight.bold, display: 'block' });
export const itemText = style({ color: vars.color.muted });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: vars.space.xs,
});
export const note = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  color: vars.color.ink,
  fontSize: vars.fontSize.sm,
});
