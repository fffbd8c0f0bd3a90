// A bench script's entry: exits 0 when `main` is done (open pools and servers must not
// keep it alive), 1 with the error printed when it fails.
export function runMain(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
