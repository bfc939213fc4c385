import { act, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DispatchCountdown } from './dispatch-countdown';

const DEADLINE = '2025-11-27T19:00:00.000Z';

describe('DispatchCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down in whole minutes, rounded down, and ticks each minute', () => {
    vi.setSystemTime(new Date('2025-11-27T15:39:30Z'));
    render(<DispatchCountdown dispatchBy={DEADLINE} />);
    expect(screen.getByText('Order within 3 h 20 min for dispatch today')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(30_000));
    expect(screen.getByText('Order within 3 h 20 min for dispatch today')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1_000));
    expect(screen.getByText('Order within 3 h 19 min for dispatch today')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Order within 3 h 18 min for dispatch today')).toBeInTheDocument();
  });

  it("says '45 min' under an hour, and nothing once less than a minute is left", () => {
    vi.setSystemTime(new Date('2025-11-27T18:15:00Z'));
    render(<DispatchCountdown dispatchBy={DEADLINE} />);
    expect(screen.getByText('Order within 45 min for dispatch today')).toBeInTheDocument();
    for (let minute = 0; minute < 44; minute++) act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Order within 1 min for dispatch today')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.queryByTestId('dispatch-countdown')).not.toBeInTheDocument();
  });

  it("leaves its room empty in the server's page, whose clock is not the browser's, and counts once the browser has taken the page over", () => {
    vi.setSystemTime(new Date('2025-11-27T15:39:30Z'));
    const html = renderToString(<DispatchCountdown dispatchBy={DEADLINE} />);
    expect(html).toBe('');
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    let root: Root | undefined;
    act(() => void (root = hydrateRoot(container, <DispatchCountdown dispatchBy={DEADLINE} />)));
    expect(screen.getByText('Order within 3 h 20 min for dispatch today')).toBeInTheDocument();
    act(() => root!.unmount());
    container.remove();
  });

  it('shows nothing without a deadline (after the cut-off, a weekend or a holiday)', () => {
    render(<DispatchCountdown dispatchBy={null} />);
    expect(screen.queryByTestId('dispatch-countdown')).not.toBeInTheDocument();
  });
});
