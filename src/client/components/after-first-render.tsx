import { useEffect } from 'react';

/** Runs `effect` once the render it is part of is on screen (over a drawn page: hydrated). */
export function AfterFirstRender({ effect }: { effect: () => void }) {
  useEffect(effect, [effect]);
  return null;
}
