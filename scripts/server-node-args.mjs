// How Node runs the built server, for `npm start` (scripts/start.mjs), the bench and the tests that
// start the built server (tests/helpers/net.ts); the Dockerfile's CMD repeats them (a test checks).
//
// --max-semi-space-size=4 (MB; V8's default grows to 16 on a 64-bit machine): the young generation is
// where each request's short-lived objects live. Measured on the built site (issue 24): the server's
// peak under mixed load fell from 347 to 302 MB with no loss of throughput beyond the noise of the
// machine; 2 MB saved no more and cost more collections.
//
// No --enable-source-maps: with it Node keeps the source map of every module it loads (the server
// bundle's 790 KB map, PGlite's chunks ...), 24 MB of heap at idle (heapUsed 86.6 against 62.4 MB
// after the same two page loads). The bundle is not minified, so a stack trace's dist/server/main.js
// line still reads as the code; NODE_OPTIONS=--enable-source-maps maps it back when wanted.
export const SERVER_NODE_ARGS = ['--max-semi-space-size=4'];
