// Keeps the CPU busy beside a test run, to check that the suite is green on a loaded machine:
//   node scripts/load-cpu.mjs [seconds=1800] [threads=number of cores]
// Each worker thread spins at normal priority until the time is up (or Ctrl-C); then it exits.
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, workerData } from 'node:worker_threads';

if (isMainThread) {
  const seconds = Number(process.argv[2] ?? 1800);
  const threads = Number(process.argv[3] ?? availableParallelism());
  if (!(seconds > 0) || !Number.isInteger(threads) || threads < 1) {
    console.error('usage: node scripts/load-cpu.mjs [seconds>0] [threads>=1]');
    process.exit(2);
  }
  const until = Date.now() + seconds * 1000;
  console.log(`load-cpu: ${threads} busy thread(s) for ${seconds} s (pid ${process.pid})`);
  for (let i = 0; i < threads; i += 1) {
    new Worker(new URL(import.meta.url), { workerData: { until } });
  }
} else {
  const { until } = workerData;
  let x = 0;
  while (Date.now() < until) {
    for (let i = 0; i < 1e6; i += 1) x = (x * 31 + i) % 1_000_003;
  }
  if (x < 0) console.log(x); // keeps the loop from being optimised away
}
