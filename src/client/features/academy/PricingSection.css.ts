import { createVar, fallbackVar, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { bareList } from '../../styles/rules';

/** Each plan card sets this to its catalogue colour. */
export const planColour = createVar();
const colour = fallbackVar(planColour, vars.color.academy);

export const cards = style({
  ...bareList,
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'stretch',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: 'repeat(3, 1fr)' } },
});

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  border: vars.border.hairline,
  borderTop: `6px solid ${colour}`,
  boxShadow: vars.shadow.sm,
});

export const popular = style({
  boxShadow: vars.shadow.lg,
  border: `2px solid ${colour}`,
  borderTopWidth: '6px',
});

export const badge = style({
  position: 'absolute',
  top: 0,
  left: '50%',
  transform: 'translate(-50%, -60%)',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: colour,
  color: vars.color.onBrand,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.black,
  letterSpacing: '0.06em',
  whiteSpace: 'nowrap',
});

export const planName = style({ fontSize: vars.fontSize.xl, color: colour });
export const planSummary = style({ color: vars.color.muted });
export const price = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.xxs });
export const amount = style({
  fontSize: vars.fontSize.xxxl,
  fontWeight: vars.fontWeight.black,
  color: vars.color.ink,
});
export const period = style({ color: vars.color.muted, fontWeight: vars.fontWeight.medium });

export const features = style({
  ...bareList,
  display: 'grid',
  gap: vars.space.xs,
  flex: 1,
  alignContent: 'start',
});
export const feature = style({ display: 'flex', gap: vars.space.xs, alignItems: 'flex-start' });
export const featureIcon = style({ flexShrink: 0, marginTop: '0.2em', color: colour });

// Two classes deep, so the plan's colour wins over the button's own background.
export const choose = style({
  selectors: {
    [`${card} &`]: { background: colour },
    [`${card} &:hover`]: { background: colour, filter: 'brightness(0.88)' },
  },
});

export const addOns = style({
  marginTop: vars.space.xxl,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.academy}`,
});
export const addOnsTitle = style({ fontSize: vars.fontSize.xl, marginBottom: vars.space.md });
export const addOnList = style({
  ...bareList,
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(3, 1fr)' } },
});
export const addOn = style({ display: 'grid', gap: vars.space.xxs });
export const addOnName = style({ fontWeight: vars.fontWeight.bold });
export const addOnPrice = style({ color: vars.color.academy, whiteSpace: 'nowrap' });
export const addOnText = style({ color: vars.color.inkSoft, fontSize: vars.fontSize.sm });
