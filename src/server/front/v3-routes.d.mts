// Types for v3-routes.mjs (plain JavaScript: the server process runs no TypeScript loader).
export type RouteFile = { segments: string[]; file: string };
export function findRouteFiles(v3Dir: string, prefix?: string[]): RouteFile[];
export function orderRoutes(routes: RouteFile[]): RouteFile[];
export function matchRoute(routes: { segments: string[] }[], pathname: string): { index: number; params: Record<string, string | string[]> } | null;
export const V3_BUNDLE_FILE: string;
export const START_UP_BUNDLE_FILE: string;
export const TRACING_BUNDLE_FILE: string;
export const FRONT_ROUTE_PATHS: string[];
export function loadV3Routes(distDir: string): Promise<{ routes: { segments: string[] }[]; modules: Record<string, unknown>[]; exact: Map<string, Record<string, unknown>> }>;
