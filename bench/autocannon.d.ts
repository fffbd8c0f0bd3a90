// The slice of autocannon's API the load generator uses (the package ships no types).
declare module "autocannon" {
  type Context = Record<string, unknown>;
  type RequestSpec = {
    setupRequest?: (req: Record<string, unknown>, context: Context) => unknown;
    onResponse?: (status: number, body: string, context: Context) => void;
  };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    overallRate?: number;
    timeout?: number;
    requests?: RequestSpec[];
  };
  type Result = { duration: number; requests: { total: number }; non2xx: number; errors: number; timeouts: number };
  type Instance = {
    on(event: "response", fn: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
    stop(): void;
  };
  function autocannon(options: Options, done: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
