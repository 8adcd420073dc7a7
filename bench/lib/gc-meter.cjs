// Loaded into the api and the worker by the bench stack (`node --require`), never by the product: sums
// the garbage collector's pauses as perf_hooks reports them and writes the sums to
// $BENCH_GC_METER_DIR/<pid>.json, so the booking bench can say how much of each process's CPU went to
// GC (issue 27: the largest single item of every profile). With --single-threaded-gc a pause is all the
// collection's work except incremental marking steps run between JavaScript, which perf_hooks does not
// report; so this is a floor.
const { PerformanceObserver, constants } = require('node:perf_hooks');
const { renameSync, writeFileSync } = require('node:fs');

const dir = process.env.BENCH_GC_METER_DIR;
if (dir) {
  const sums = { scavengeMs: 0, markCompactMs: 0, otherMs: 0, pauses: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = entry.detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) sums.scavengeMs += entry.duration;
      else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) sums.markCompactMs += entry.duration;
      else sums.otherMs += entry.duration;
      sums.pauses++;
    }
  }).observe({ entryTypes: ['gc'] });
  const file = `${dir}/${process.pid}.json`;
  let written = '';
  // Every 100 ms: a run of 10 s so reads its GC to about 1 %; renamed so a reader never sees half a file.
  setInterval(() => {
    const text = JSON.stringify(sums);
    if (text === written) return;
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
    written = text;
  }, 100).unref();
}
