/**
 * Prints a line per Jest project (tests passed/failed/skipped, files, and the time its files
 * took: with --runInBand that is the wall time the project cost the run), then one closing line
 * CI can read whatever the runner: 'jest: N passed, N failed, N skipped'.
 */
class SummaryReporter {
  /** Project of each file, from its test: a file that failed to load has no displayName. */
  projectOf = new Map();

  onTestFileResult(test, result) {
    this.projectOf.set(result.testFilePath, test.context.config.displayName?.name ?? 'default');
  }

  onRunComplete(_contexts, results) {
    const projects = new Map();
    for (const file of results.testResults) {
      const name = this.projectOf.get(file.testFilePath) ?? file.displayName?.name ?? 'default';
      const project = projects.get(name) ?? {
        passed: 0,
        failed: 0,
        skipped: 0,
        files: 0,
        failedFiles: 0,
        ms: 0,
      };
      project.passed += file.numPassingTests;
      project.failed += file.numFailingTests;
      project.skipped += file.numPendingTests + file.numTodoTests;
      project.files += 1;
      // A file that failed outside any test (did not load, a hook threw) counts too.
      if (file.testExecError) project.failedFiles += 1;
      project.ms += Math.max(0, file.perfStats.end - file.perfStats.start);
      projects.set(name, project);
    }
    const lines = [...projects.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, p]) => {
        const broken = p.failedFiles ? `, ${p.failedFiles} file(s) failed to run` : '';
        return (
          `jest ${name}: ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped ` +
          `in ${p.files} file(s), ${(p.ms / 1000).toFixed(1)} s${broken}`
        );
      });
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests, startTime } = results;
    const wall = ((Date.now() - startTime) / 1000).toFixed(1);
    process.stdout.write(
      `\n${lines.join('\n')}\njest run: ${wall} s wall time of the tests\n` +
        `jest: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} skipped\n`,
    );
  }
}
module.exports = SummaryReporter;
