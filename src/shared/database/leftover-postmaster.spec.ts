import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { clearLeftoverPostmaster } from './leftover-postmaster';

describe('clearLeftoverPostmaster', () => {
  let dir: string;
  const logger = new Logger('test');
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pidfile-'));
    jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const pidFile = () => path.join(dir, 'postmaster.pid');
  const writePidFile = (pid: number) =>
    writeFileSync(pidFile(), `${pid}\n${dir}\n1700000000\n54329\n`);

  it('does nothing without a pid file', async () => {
    await clearLeftoverPostmaster(dir, logger);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('removes a pid file whose process is gone', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    const pid = child.pid!;
    await new Promise((r) => child.once('exit', r));
    writePidFile(pid);
    await clearLeftoverPostmaster(dir, logger);
    expect(existsSync(pidFile())).toBe(false);
  });

  it('removes a pid file naming another program, and leaves that program alone', async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      writePidFile(other.pid!);
      await clearLeftoverPostmaster(dir, logger);
      expect(existsSync(pidFile())).toBe(false);
      expect(other.exitCode).toBeNull();
      expect(other.signalCode).toBeNull();
    } finally {
      other.kill('SIGKILL');
    }
  });
});
