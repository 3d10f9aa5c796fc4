import { DomainEvents } from './domain-events';

describe('DomainEvents', () => {
  const event = { analysisId: 'a', userId: 'u', club: 'driver', occurredAt: new Date(0) };

  it('delivers to every listener; a failing one neither stops the others nor the publisher', async () => {
    const events = new DomainEvents();
    const seen: string[] = [];
    events.on('analysis.upload-succeeded', () => {
      throw new Error('listener bug');
    });
    events.on('analysis.upload-succeeded', async (e) => void seen.push(e.analysisId));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(events.publish('analysis.upload-succeeded', event)).resolves.toBeUndefined();
    expect(seen).toEqual(['a']);
  });
});
