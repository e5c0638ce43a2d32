import { useEffect, useState } from 'react';
import { useEvent } from './api/event-query';

/**
 * The server's clock now, ticking every `intervalMs`: the device's clock corrected by how far it
 * was from `serverTime` when the event was fetched, so a phone set to the wrong time still counts
 * down to the real close.
 */
export function useServerNow(intervalMs = 1000): number {
  const { data, dataUpdatedAt } = useEvent();
  const skew = data ? Date.parse(data.serverTime) - dataUpdatedAt : 0;
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setDeviceNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return deviceNow + (Number.isFinite(skew) ? skew : 0);
}
