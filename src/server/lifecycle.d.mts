// Types for lifecycle.mjs (plain JavaScript: the production front loads it without a TypeScript loader).
export type ShutdownHook = () => Promise<unknown> | unknown;
export function onShutdown(phase: "flush" | "close", hook: ShutdownHook): void;
export function startDraining(): void;
export function isDraining(): boolean;
export function setDrainMs(ms: number): void;
export function drainMs(): number | undefined;
export function runShutdownHooks(): Promise<void>;
export type StartUpOutcome = { ok: true } | { ok: false; error: unknown };
export function recordStartUp(outcome: StartUpOutcome): void;
export function startUpSettled(): Promise<StartUpOutcome>;
