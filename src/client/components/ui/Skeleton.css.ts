import { keyframes, style } from '@vanilla-extract/css';
import { inComponents } from '../../styles/layered';
import { reducedMotion, vars } from '../../styles/theme.css';

const shimmer = keyframes({
  '0%': { backgroundPosition: '100% 0' },
  '100%': { backgroundPosition: '-100% 0' },
});

export const skeleton = style(
  inComponents({
    display: 'block',
    borderRadius: vars.radius.sm,
    background: `linear-gradient(90deg, ${vars.color.skeleton} 25%, ${vars.color.skeletonShine} 50%, ${vars.color.skeleton} 75%)`,
    backgroundSize: '200% 100%',
    animation: `${shimmer} 1.4s ease-in-out infinite`,
    '@media': { [reducedMotion]: { animation: 'none' } },
  }),
);
