import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  border: '2px solid transparent',
  borderRadius: vars.radius.md,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  transition: `background-color ${vars.duration.fast}, color ${vars.duration.fast}, border-color ${vars.duration.fast}, transform ${vars.duration.fast}`,
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { opacity: 0.6, cursor: 'not-allowed' },
    '&:active:not(:disabled)': { transform: 'translateY(1px)' },
  },
});

export const variants = styleVariants({
  primary: [base, { background: vars.color.brand, color: vars.color.onBrand, selectors: { '&:hover:not(:disabled)': { background: vars.color.brandDark } } }],
  secondary: [base, { background: vars.color.surfaceDark, color: vars.color.onDark, selectors: { '&:hover:not(:disabled)': { background: vars.color.inkSoft } } }],
  outline: [base, { background: 'transparent', color: vars.color.brand, borderColor: vars.color.brand, selectors: { '&:hover:not(:disabled)': { background: vars.color.brandSoft } } }],
  light: [base, { background: vars.color.surface, color: vars.color.brand, selectors: { '&:hover:not(:disabled)': { background: vars.color.brandSoft } } }],
  ghost: [base, { background: 'transparent', color: vars.color.ink, selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceAlt } } }],
  academy: [base, { background: vars.color.academy, color: vars.color.onBrand, selectors: { '&:hover:not(:disabled)': { background: vars.color.academyDark } } }],
  danger: [base, { background: vars.color.danger, color: vars.color.onBrand, selectors: { '&:hover:not(:disabled)': { background: vars.color.brandDark } } }],
});

export const sizes = styleVariants({
  sm: { padding: `${vars.space.xxs} ${vars.space.sm}`, fontSize: vars.fontSize.sm, minHeight: '2.25rem' },
  md: { padding: `${vars.space.xs} ${vars.space.lg}`, fontSize: vars.fontSize.md, minHeight: '2.75rem' },
  lg: { padding: `${vars.space.sm} ${vars.space.xl}`, fontSize: vars.fontSize.lg, minHeight: '3.25rem' },
  icon: { padding: vars.space.xs, minHeight: '2.75rem', minWidth: '2.75rem' },
});

export const fullWidth = style({ width: '100%' });
