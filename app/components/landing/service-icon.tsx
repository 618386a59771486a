import type { ServiceCard } from "~/lib/landing-content";

const PATHS: Record<ServiceCard["icon"], string> = {
  heart: "M12 20s-7-4.3-7-9.2A3.8 3.8 0 0 1 12 8.5a3.8 3.8 0 0 1 7 2.3C19 15.7 12 20 12 20Z",
  cloud: "M7 18h10a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.2 9.1 4.5 4.5 0 0 0 7 18Z",
  chat: "M4 5h16v10H9l-5 4V5Z",
};

export function ServiceIcon({ icon }: { icon: ServiceCard["icon"] }) {
  return (
    <span
      className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700"
      aria-hidden="true"
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="h-6 w-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      >
        <path d={PATHS[icon]} />
      </svg>
    </span>
  );
}
