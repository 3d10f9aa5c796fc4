import {
  TOAST_DEFAULT_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  dismiss,
  getToasts,
  subscribe,
  toast,
} from './toast-store';

jest.useFakeTimers();

describe('toast store', () => {
  afterEach(() => {
    // The store is module state: close and flush everything so tests stay independent.
    dismiss();
    jest.runOnlyPendingTimers();
  });

  it('keeps at most one toast, the newest replacing the old', () => {
    expect(TOAST_LIMIT).toBe(1);
    toast({ title: 'First' });
    const second = toast({ title: 'Second', description: 'details', variant: 'destructive' });

    const toasts = getToasts();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({
      id: second.id,
      title: 'Second',
      description: 'details',
      variant: 'destructive',
      open: true,
    });
  });

  it('applies the default variant and a 5000 ms duration', () => {
    toast({ title: 'Saved' });
    expect(getToasts()[0]).toMatchObject({ variant: 'default', duration: TOAST_DEFAULT_DURATION });
    expect(TOAST_DEFAULT_DURATION).toBe(5000);
    toast({ title: 'Slow', duration: 8000 });
    expect(getToasts()[0].duration).toBe(8000);
  });

  it('dismiss sets open to false without removing the toast', () => {
    const handle = toast({ title: 'Hello' });
    handle.dismiss();

    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ id: handle.id, open: false });
  });

  it('dismiss() without an id closes every toast', () => {
    toast({ title: 'Hello' });
    dismiss();
    expect(getToasts().every((t) => !t.open)).toBe(true);
  });

  it('removes a dismissed toast after 1,000,000 ms', () => {
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    const handle = toast({ title: 'Bye' });
    dismiss(handle.id);

    jest.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(getToasts()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('notifies subscribers with a new array until they unsubscribe', () => {
    const listener = jest.fn();
    const unsubscribe = subscribe(listener);
    const before = getToasts();
    toast({ title: 'Ping' });

    expect(listener).toHaveBeenCalledTimes(1);
    expect(getToasts()).not.toBe(before);

    unsubscribe();
    toast({ title: 'Pong' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
