import { keyframes, style } from '@vanilla-extract/css';
import { inComponents } from '../../styles/layered';
import { breakpoints, reducedMotion, vars } from '../../styles/theme.css';

const slideIn = keyframes({
  from: { transform: 'translateX(calc(100% + 1.5rem))' },
  to: { transform: 'translateX(0)' },
});
const swipeOut = keyframes({
  from: { transform: 'translateX(var(--radix-toast-swipe-end-x))' },
  to: { transform: 'translateX(calc(100% + 1.5rem))' },
});

export const viewport = style(
  inComponents({
    position: 'fixed',
    bottom: 0,
    right: 0,
    zIndex: vars.z.toast,
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.xs,
    width: '100%',
    maxWidth: '26rem',
    margin: 0,
    padding: vars.space.md,
    listStyle: 'none',
    outline: 'none',
    // The list is there (and padded) with no toast in it, a strip over the foot of the screen: only
    // a toast itself takes clicks, so a button under the strip or beside a toast still gets its tap.
    pointerEvents: 'none',
    '@media': { [breakpoints.tablet]: { padding: vars.space.lg } },
  }),
);

export const root = style(
  inComponents({
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    gap: vars.space.xs,
    alignItems: 'start',
    padding: vars.space.md,
    borderRadius: vars.radius.md,
    background: vars.color.surface,
    color: vars.color.ink,
    border: vars.border.hairline,
    boxShadow: vars.shadow.lg,
    pointerEvents: 'auto',
    selectors: {
      '&[data-state="open"]': { animation: `${slideIn} ${vars.duration.normal} ease-out` },
      '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
      '&[data-swipe="cancel"]': {
        transform: 'translateX(0)',
        transition: `transform ${vars.duration.normal}`,
      },
      '&[data-swipe="end"]': { animation: `${swipeOut} ${vars.duration.fast} ease-out` },
    },
    '@media': { [reducedMotion]: { animation: 'none !important' } },
  }),
);

export const destructive = style(
  inComponents({
    background: vars.color.danger,
    color: vars.color.onBrand,
    borderColor: vars.color.danger,
  }),
);

export const title = style(inComponents({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.md }));
export const description = style(inComponents({ fontSize: vars.fontSize.sm, marginTop: vars.space.xxs }));
export const close = style(
  inComponents({
    border: 0,
    background: 'transparent',
    color: 'inherit',
    cursor: 'pointer',
    padding: vars.space.xxs,
    borderRadius: vars.radius.sm,
    lineHeight: 0,
  }),
);
