// Okabe–Ito colours: told apart with every common colour-vision deficiency. Charts
// also differ by pattern (dashed line) and always print their numbers, so no figure
// depends on colour alone.
export const PALETTE = { blue: "#0072B2", orange: "#E69F00", green: "#009E73", vermillion: "#D55E00", sky: "#56B4E9" } as const;

export const OPERATOR_NAMES: Record<string, string> = { telkomsel: "Telkomsel", indosat: "Indosat", xl_axis: "XL/Axis", tri: "Tri", smartfren: "Smartfren", other: "Lainnya" };

export const stepName = (step: string) => (step === "0" ? "Channel pertama" : `Setelah fallback ke-${step}`);
