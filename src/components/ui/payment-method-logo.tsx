// A payment method's logo wherever a person picks or reads a method. Served as is
// from public/ (unoptimized: no image optimiser at run time), with its size set so
// the line does not shift when it loads; the badge is 8:5 like every file's viewBox.
import Image from "next/image";
import { paymentMethodLogo } from "@/lib/payment-method-logo";

const SIZES = { sm: { width: 40, height: 25 }, md: { width: 48, height: 30 } } as const;

export function PaymentMethodLogo({ code, name, size = "md", className = "" }: { code: string; name: string; size?: keyof typeof SIZES; className?: string }) {
  const { width, height } = SIZES[size];
  return (
    <Image
      src={paymentMethodLogo(code)}
      alt={name}
      width={width}
      height={height}
      unoptimized
      loading="eager"
      data-testid="payment-method-logo"
      className={`inline-block shrink-0 ${className}`}
    />
  );
}

/**
 * The logo, then the method's name. The image's alt names the method, so the visible text is hidden from
 * screen readers to be read once. Inline, not flex: the label's baseline stays the text's, so beside a
 * term (baseline-aligned rows) the name lines up with the term and the image is centred on the text.
 */
export function PaymentMethodLabel({ code, name, size = "md", className = "" }: { code: string; name: string; size?: keyof typeof SIZES; className?: string }) {
  return (
    <span className={className}>
      <PaymentMethodLogo code={code} name={name} size={size} className="mr-2 align-middle" />
      <span aria-hidden="true">{name}</span>
    </span>
  );
}
