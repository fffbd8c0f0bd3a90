// The slice of autocannon's API the load generator uses (the package ships no types).
declare module "autocannon" {
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    overallRate?: number;
    timeout?: number;
    requests?: { setupRequest?: (req: unknown, context: unknown) => unknown }[];
  };
  type Result = { duration: number; requests: { total: number }; non2xx: number; errors: number; timeouts: number };
  type Instance = { on(event: "response", fn: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void };
  function autocannon(options: Options, done: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
