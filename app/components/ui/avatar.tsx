import { PersonIcon } from "~/components/ui/person-icon";

const SIZES = {
  sm: { box: "h-8 w-8", icon: "h-5 w-5" },
  md: { box: "h-10 w-10", icon: "h-6 w-6" },
  lg: { box: "h-16 w-16", icon: "h-8 w-8" },
} as const;

/** A person's round picture, or the placeholder icon without one. Decorative: the name is beside it. */
export function Avatar({ src, size }: { src: string | null; size: keyof typeof SIZES }) {
  const { box, icon } = SIZES[size];
  return src ? (
    <img src={src} alt="" className={`${box} shrink-0 rounded-full object-cover`} />
  ) : (
    <span className={`flex ${box} shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700`}>
      <PersonIcon className={icon} />
    </span>
  );
}
