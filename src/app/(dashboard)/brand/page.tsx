import type { Metadata } from "next";
import { BrandScreen } from "@/components/screens/brand-screen";

export const metadata: Metadata = { title: "Brand" };

export default function Page() {
  return <BrandScreen />;
}
