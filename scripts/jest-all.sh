#!/bin/sh
# Every Jest test, in two runs (the second half of `npm test`, after Vitest):
#   1. every test file but those that measure the machine itself, two workers (jest.config.js);
#   2. those (ALONE in jest.config.js: Lighthouse's performance scores in apps/web/test/budgets.e2e-spec.ts) by
#      themselves, with nothing of this test run beside them: Total Blocking Time is the main thread's long tasks, and
#      another test file's platform on the second core doubled it (CI of stop 34: performance 83-84 beside another
#      file, 97-99 alone on the same machine; docs/benchmarks.md, "Issue 19").
# Both runs always run; the exit code is the first run's failure, else the second's. Arguments go to the first run.
export NODE_OPTIONS=--experimental-vm-modules
jest "$@"
rest=$?
GSM_JEST_ALONE=1 jest
alone=$?
[ "$rest" -ne 0 ] && exit "$rest"
exit "$alone"
