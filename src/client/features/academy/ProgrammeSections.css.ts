import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { bareList } from '../../styles/rules';

// Shared pieces of the landing page's sections: card grids, icon tiles, lists.
export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(15rem, 1fr))',
  ...bareList,
});

export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  background: vars.color.surface,
  color: vars.color.ink,
  border: vars.border.hairline,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
});

export const tileTitle = style({ fontSize: vars.fontSize.lg });
export const tileText = style({ color: vars.color.inkSoft, lineHeight: vars.lineHeight.relaxed });

export const icon = style({
  display: 'inline-flex',
  alignSelf: 'flex-start',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.academySoft,
  color: vars.color.academy,
});

export const moduleList = style({
  ...bareList,
  display: 'grid',
  gap: vars.space.lg,
});

export const moduleCard = style([
  tile,
  {
    display: 'grid',
    gap: vars.space.md,
    '@media': {
      [breakpoints.tablet]: { gridTemplateColumns: '1fr 1fr', alignItems: 'start', columnGap: vars.space.xl },
    },
  },
]);

export const moduleNumber = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '3rem',
  height: '3rem',
  borderRadius: vars.radius.pill,
  background: vars.color.academy,
  color: vars.color.onBrand,
  fontWeight: vars.fontWeight.black,
  fontSize: vars.fontSize.lg,
});

export const moduleHeader = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  gridColumn: '1 / -1',
});
export const moduleLabel = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.academy,
  marginBottom: vars.space.xxs,
});
export const moduleColumn = style({ minWidth: 0 });

export const split = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'center',
  marginTop: vars.space.xl,
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '1fr 1fr' } },
});

export const expertsBlock = style({
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.academyDark,
  color: vars.color.onDark,
  display: 'grid',
  gap: vars.space.md,
});

export const expertsText = style({ color: vars.color.onDarkSoft, lineHeight: vars.lineHeight.relaxed });

export const checkList = style({
  ...bareList,
  display: 'grid',
  gap: vars.space.sm,
});
export const checkItem = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  lineHeight: vars.lineHeight.normal,
});
export const checkIcon = style({ flexShrink: 0, marginTop: '0.15em', color: vars.color.success });
export const checkIconOnDark = style({ flexShrink: 0, marginTop: '0.15em', color: vars.color.academySoft });

export const safetyTitle = style({
  fontSize: vars.fontSize.xl,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
});
export const titleIcon = style({ flexShrink: 0, color: vars.color.success });

export const whyNumber = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.black,
  color: vars.color.academy,
  lineHeight: vars.lineHeight.tight,
});

export const image = style({ width: '100%', height: 'auto', borderRadius: vars.radius.lg });
