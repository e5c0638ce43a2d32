export type RouteAccess = 'public' | 'user' | 'admin';

/** One registered route and who may call it. */
export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}
