import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { siteColumn } from '../../styles/rules';

export const wrap = style({ padding: `${vars.space.md} ${vars.space.md} 0` });
const base = style({
  ...siteColumn,
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: '1px solid',
});
export const tone = styleVariants({
  asking: [
    base,
    { background: vars.color.surface, borderColor: vars.color.brand, boxShadow: vars.shadow.sm },
  ],
  working: [base, { background: vars.color.surfaceAlt, borderColor: vars.color.line }],
  done: [base, { background: vars.color.accentSoft, borderColor: vars.color.accent }],
  failed: [base, { background: vars.color.dangerSoft, borderColor: vars.color.danger }],
});
export const text = style({ flexGrow: 1, display: 'grid', gap: vars.space.xxs });
export const title = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.lg });
export const actions = style({
  marginTop: vars.space.xs,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});
