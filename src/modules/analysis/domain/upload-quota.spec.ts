import { decideUpload, refuseEarly, uploadStatus, weekStart } from './upload-quota';

const ZONE = 'America/Chicago';
const free = { isPremium: false, totalUploads: 0, slotsThisWeek: [] };
const premium = { isPremium: true, totalUploads: 0, slotsThisWeek: [] };

describe('weekStart (Sunday 00:00 in the zone)', () => {
  it('is the Sunday midnight before, Central Time', () => {
    // Wednesday 2026-11-18 15:00 UTC -> Sunday 2026-11-15 00:00 CST (06:00 UTC).
    expect(weekStart(new Date('2026-11-18T15:00:00Z'), ZONE).toISOString()).toBe(
      '2026-11-15T06:00:00.000Z',
    );
  });

  it('Saturday 23:59 Central is still the old week, Sunday 00:00 the new one', () => {
    // Sunday 2026-11-22 05:59 UTC = Saturday 23:59 CST.
    expect(weekStart(new Date('2026-11-22T05:59:00Z'), ZONE).toISOString()).toBe(
      '2026-11-15T06:00:00.000Z',
    );
    expect(weekStart(new Date('2026-11-22T06:00:00Z'), ZONE).toISOString()).toBe(
      '2026-11-22T06:00:00.000Z',
    );
  });

  it('follows daylight saving time (CDT is UTC-5)', () => {
    expect(weekStart(new Date('2026-07-01T12:00:00Z'), ZONE).toISOString()).toBe(
      '2026-06-28T05:00:00.000Z',
    );
  });
});

describe('decideUpload', () => {
  const now = new Date('2026-11-18T15:00:00Z');

  it('gives a free user one upload in total', () => {
    expect(decideUpload(free, { club: null, withDownTheLine: false }, now, ZONE)).toMatchObject({
      ok: true,
      slot: 'free',
    });
    const second = decideUpload(
      { ...free, totalUploads: 1 },
      { club: 'driver', withDownTheLine: false },
      now,
      ZONE,
    );
    expect(second).toMatchObject({ ok: false, status: 403, requiresUpgrade: true });
    expect(refuseEarly({ ...free, totalUploads: 1 })).toMatchObject({ requiresUpgrade: true });
  });

  it('keeps down-the-line video for premium users', () => {
    expect(decideUpload(free, { club: null, withDownTheLine: true }, now, ZONE)).toMatchObject({
      ok: false,
      requiresUpgrade: true,
      title: 'Premium Feature',
    });
    expect(
      decideUpload(premium, { club: 'driver', withDownTheLine: true }, now, ZONE),
    ).toMatchObject({ ok: true, slot: 'driver' });
  });

  it('gives premium users one Driver and one 7-Iron slot per week', () => {
    const used = { ...premium, slotsThisWeek: ['driver' as const] };
    expect(decideUpload(used, { club: 'driver', withDownTheLine: false }, now, ZONE)).toMatchObject(
      {
        ok: false,
        status: 403,
        title: 'Weekly Upload Limit Reached',
      },
    );
    expect(decideUpload(used, { club: '7-iron', withDownTheLine: false }, now, ZONE)).toMatchObject(
      {
        ok: true,
        slot: '7-iron',
        periodStart: new Date('2026-11-15T06:00:00Z'),
      },
    );
    expect(
      decideUpload(premium, { club: '5-iron', withDownTheLine: false }, now, ZONE),
    ).toMatchObject({ ok: false, status: 400 });
  });

  it('reports the upload status', () => {
    expect(uploadStatus({ ...premium, slotsThisWeek: ['7-iron'] }, now, ZONE)).toMatchObject({
      isPremium: true,
      weeklyDriverUploaded: false,
      weeklySevenIronUploaded: true,
      canUploadDriver: true,
      canUploadSevenIron: false,
      isFreeLimitReached: false,
      weeklyResetAt: '2026-11-22T06:00:00.000Z',
      weeklyResetLabel: 'Sunday, November 22 at 12:00 AM CST',
    });
    expect(uploadStatus({ ...free, totalUploads: 1 }, now, ZONE)).toMatchObject({
      isFreeLimitReached: true,
      canUploadDriver: false,
      uploadsUsed: 1,
      uploadLimit: 1,
    });
  });
});
