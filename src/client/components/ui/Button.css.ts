import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { inComponents } from '../../styles/layered';
import { breakpoints, vars } from '../../styles/theme.css';

// The Button recipe lives in the components layer (styles/layers.css.ts): a className given to a
// Button or to buttonClass() always overrides it, so <Button className={round}> is round.

const base = style(
  inComponents({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.xs,
    border: '2px solid transparent',
    borderRadius: vars.radius.md,
    fontWeight: vars.fontWeight.bold,
    textDecoration: 'none',
    cursor: 'pointer',
    // A long label wraps on a narrow screen rather than pushing the page wider.
    textAlign: 'center',
    overflowWrap: 'anywhere',
    transition: `background-color ${vars.duration.fast}, color ${vars.duration.fast}, border-color ${vars.duration.fast}, transform ${vars.duration.fast}`,
    selectors: {
      // One grey disabled look for every variant: a faded colour (white on light pink) was too
      // faint to read; grey on grey keeps its words above 4.5:1.
      '&:disabled, &[aria-disabled="true"]': {
        background: vars.color.line,
        borderColor: vars.color.line,
        color: vars.color.inkSoft,
        cursor: 'not-allowed',
      },
      '&:active:not(:disabled)': { transform: 'translateY(1px)' },
    },
  }),
);
// An icon keeps the size it was drawn at: padding or a narrow button never squeezes it.
globalStyle(`${base} > svg`, inComponents({ flexShrink: 0 }));

const variant = (rule: Parameters<typeof inComponents>[0]) => [base, inComponents(rule)];

export const variants = styleVariants({
  primary: variant({
    background: vars.color.brand,
    color: vars.color.onBrand,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.brandDark } },
  }),
  secondary: variant({
    background: vars.color.surfaceDark,
    color: vars.color.onDark,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.inkSoft } },
  }),
  outline: variant({
    background: 'transparent',
    color: vars.color.brand,
    borderColor: vars.color.brand,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.brandSoft } },
  }),
  light: variant({
    background: vars.color.surface,
    color: vars.color.brand,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.brandSoft } },
  }),
  ghost: variant({
    background: 'transparent',
    color: vars.color.ink,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceAlt } },
  }),
  academy: variant({
    background: vars.color.academy,
    color: vars.color.onBrand,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.academyDark } },
  }),
  danger: variant({
    background: vars.color.danger,
    color: vars.color.onBrand,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.brandDark } },
  }),
});

export const sizes = styleVariants({
  sm: inComponents({
    padding: `${vars.space.xxs} ${vars.space.sm}`,
    fontSize: vars.fontSize.sm,
    minHeight: '2.25rem',
  }),
  md: inComponents({
    padding: `${vars.space.xs} ${vars.space.lg}`,
    fontSize: vars.fontSize.md,
    minHeight: '2.75rem',
  }),
  lg: inComponents({
    padding: `${vars.space.sm} ${vars.space.xl}`,
    fontSize: vars.fontSize.lg,
    minHeight: '3.25rem',
    // On a phone the side padding gives way first, so a long label keeps to one line.
    '@media': { [breakpoints.phone]: { paddingInline: vars.space.md } },
  }),
  icon: inComponents({ padding: vars.space.xs, minHeight: '2.75rem', minWidth: '2.75rem' }),
});

export const fullWidth = style(inComponents({ width: '100%' }));
