// otpctl: the operator command line (run-otpctl.ts). `npm run --silent otpctl -- <command> --json`
// prints exactly one JSON document on stdout; errors go to stderr, exit code 1
// (2 for usage errors).
import { runOtpctl } from "./run-otpctl";

runOtpctl(process.argv.slice(2)).then((code) => process.exit(code));
