"use client";
import { Button } from "@/components/ui/primitives";

export function PrintButton() {
  return <Button onClick={() => window.print()}>Cetak / simpan PDF</Button>;
}
