// Types for v3-dispatch.mjs (plain JavaScript: the server process runs no TypeScript loader).
import type { IncomingMessage, ServerResponse } from "node:http";
export function createV3Dispatcher(
  table: { routes: { segments: string[] }[]; modules: Record<string, unknown>[]; exact?: Map<string, Record<string, unknown>> },
  origin: string,
): (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<boolean>;
export function v3OnlyListener(
  dispatcher: () => ReturnType<typeof createV3Dispatcher>,
  notFound: (res: ServerResponse) => void,
  failed: (res: ServerResponse, err: unknown) => void,
): (req: IncomingMessage, res: ServerResponse) => void;
