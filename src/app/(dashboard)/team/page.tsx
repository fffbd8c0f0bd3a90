import type { Metadata } from "next";
import { TeamScreen } from "@/components/screens/team-screen";

export const metadata: Metadata = { title: "Tim" };

export default function Page() {
  return <TeamScreen />;
}
