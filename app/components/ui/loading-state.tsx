/** The spinner still turns under reduced motion. */
export function LoadingState({ children }: { children: React.ReactNode }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-16 text-slate-700">
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700 motion-reduce:animate-none"
      />
      {children}
    </div>
  );
}
