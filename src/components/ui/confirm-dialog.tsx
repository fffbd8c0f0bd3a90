"use client";
import { useEffect, useRef } from "react";
import { Button } from "./primitives";

/** A modal confirmation for destructive actions (native <dialog>, so focus and Esc behave). */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  body: React.ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog ref={ref} onCancel={props.onCancel} className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40">
      <div className="flex flex-col gap-3 p-5">
        <h2 className="text-lg font-semibold">{props.title}</h2>
        <div className="text-sm text-slate-600">{props.body}</div>
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="secondary" onClick={props.onCancel} disabled={props.busy}>
            Batal
          </Button>
          <Button variant="danger" onClick={props.onConfirm} busy={props.busy}>
            {props.confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
