import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * A module of the server started on a thread of its own. `scriptOf` names it beside the module that
 * starts it, without extension: the built server (dist/server, bundled by scripts/build-server.mjs)
 * has `<name>.js` beside main.js; the sources (tests, `npm run dev`) have `<name>.ts` beside the
 * caller, which runs through tsx's loader, registered in the thread before the module is imported.
 */
export function startModuleThread(
  callerUrl: string,
  name: string,
  options: { workerData?: unknown; resourceLimits?: ResourceLimits } = {},
): Worker {
  const fromSources = callerUrl.endsWith('.ts');
  const script = new URL(`./${name}${fromSources ? '.ts' : '.js'}`, callerUrl);
  const worker = fromSources
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); });`,
        { eval: true, ...options },
      )
    : new Worker(script, options);
  // The thread never keeps the process alive: its owner ends it, or the process's exit does.
  worker.unref();
  return worker;
}
