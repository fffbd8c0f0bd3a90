import { Button } from "./primitives";

/** The end of a filter form: apply, and reset once something is filtered. */
export function FilterButtons({ filtered, disabled = false, onReset }: { filtered: boolean; disabled?: boolean; onReset: () => void }) {
  return (
    <div className="flex flex-wrap gap-2 sm:pt-6.5">
      <Button type="submit" disabled={disabled}>
        Terapkan
      </Button>
      {filtered ? (
        <Button type="button" variant="ghost" onClick={onReset}>
          Reset
        </Button>
      ) : null}
    </div>
  );
}
