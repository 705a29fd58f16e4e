import { router } from '../trpc/init';
import { contentRouter } from './content';
import { systemRouter } from './system';

// One router per domain, merged here. The client imports only the AppRouter type.
export const appRouter = router({
  system: systemRouter,
  content: contentRouter,
});

export type AppRouter = typeof appRouter;
