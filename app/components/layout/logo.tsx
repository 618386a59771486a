/** Decorative: the brand text next to it names the site. */
export function Logo({ className = "h-9 w-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" className="fill-brand-600" />
      <path
        d="M20 29.5s-8.5-5.2-8.5-11.1A4.6 4.6 0 0 1 20 15.6a4.6 4.6 0 0 1 8.5 2.8c0 5.9-8.5 11.1-8.5 11.1Z"
        className="fill-white"
      />
    </svg>
  );
}
