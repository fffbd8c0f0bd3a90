// Types for page-methods.mjs (plain JavaScript: the server process runs no TypeScript loader).
import type { FrontAnswer } from "./serve-front.mjs";
export type AppRouteTable = { handlers: RegExp[]; pages: RegExp[]; files: Set<string>; serverActions: boolean };
export function appRouteTable(
  routesManifest: { staticRoutes?: { page: string; regex: string }[]; dynamicRoutes?: { page: string; regex: string }[] },
  appPathRoutes: Record<string, string>,
  serverReferences: { node?: Record<string, unknown>; edge?: Record<string, unknown> } | undefined,
  publicFiles?: string[],
): AppRouteTable;
export function pageMethodAnswer(method: string, pathname: string, table: AppRouteTable): FrontAnswer | null;
export function loadAppRoutes(distDir: string, appDir: string): AppRouteTable;
