/**
 * Prints one closing line CI can read whatever the runner: 'jest: N passed, N failed, N skipped',
 * after one line per project (unit, engine, api, browser) with its own counts and the seconds its
 * files took, so the unit suite's time is seen apart from the engine's.
 */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const projects = new Map();
    for (const file of results.testResults) {
      const name = file.displayName?.name ?? 'tests';
      const p = projects.get(name) ?? { passed: 0, failed: 0, skipped: 0, ms: 0 };
      p.passed += file.numPassingTests;
      p.failed += file.numFailingTests;
      p.skipped += file.numPendingTests + file.numTodoTests;
      p.ms += file.perfStats.end - file.perfStats.start;
      projects.set(name, p);
    }
    for (const [name, p] of projects) {
      process.stdout.write(
        `\njest ${name}: ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped, ` +
          `${(p.ms / 1000).toFixed(1)} s in its files`,
      );
    }
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = results;
    process.stdout.write(
      `\njest: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} skipped\n`,
    );
  }
}
module.exports = SummaryReporter;
