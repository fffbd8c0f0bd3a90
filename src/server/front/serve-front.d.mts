// Types for serve-front.mjs, which stays plain JavaScript so the server process needs no TypeScript loader.
export type FrontAnswer = { status: number; headers: Record<string, string | number>; body: string };
export function envelopeAnswer(status: number, code: string, message: string): FrontAnswer;
export function frontAnswer(method: string, url: string | undefined, headers?: Record<string, string | string[] | undefined>): FrontAnswer | null;
export function expectationAnswer(url: string | undefined): FrontAnswer;
export function clientErrorAnswer(err: { code?: string }): FrontAnswer;
export function rawResponse(answer: FrontAnswer): string;
export function apiUrl(url: string | undefined): string;
export function isApiPath(path: string): boolean;
export const PEER_ADDRESS_HEADER: string;
export function prepareRequest(req: import("node:http").IncomingMessage): void;
export function installFront(server: import("node:http").Server): void;
