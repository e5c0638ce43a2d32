import { useQuery } from '@tanstack/react-query';
import { eventQuery } from '#client/features/event';
import { useAdminEdition } from '../edition';

/**
 * The settings of the edition the Event tab works on, as the public pages read them (eventQuery):
 * the current edition's under one key, so a save is seen by the whole site; another edition's by
 * name.
 */
export function useAdminEvent() {
  return useQuery(eventQuery(useAdminEdition()));
}
