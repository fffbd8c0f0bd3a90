// A payment method's logo wherever a person picks or reads a method. Served as is
// from public/ (unoptimized: no image optimiser at run time), with its size set so
// the line does not shift when it loads; the badge is 8:5 like every file's viewBox.
import Image from "next/image";
import { paymentMethodLogo } from "@/lib/payment-method-logo";

const SIZES = { sm: { width: 32, height: 20 }, md: { width: 48, height: 30 } } as const;

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

/** The logo, then the method's name: the image's alt names the method, so the visible text is hidden from screen readers to be read once. */
export function PaymentMethodLabel({ code, name, size = "md", className = "" }: { code: string; name: string; size?: keyof typeof SIZES; className?: string }) {
  return (
    <span className={`inline-flex min-w-0 items-center gap-2 ${className}`}>
      <PaymentMethodLogo code={code} name={name} size={size} />
      <span aria-hidden="true" className="min-w-0">
        {name}
      </span>
    </span>
  );
}
