import { forwardRef, useId } from "react";

function supportsInvokerCommands(): boolean {
  return typeof HTMLButtonElement !== "undefined" && "commandForElement" in HTMLButtonElement.prototype;
}

type CommandButtonProps = { dialogId: string; className?: string; children: React.ReactNode };

/** Natively through invoker commands before scripts arrive, by script where unsupported. */
function DialogCommandButton({
  command,
  dialogId,
  className,
  children,
}: CommandButtonProps & { command: "show-modal" | "close" }) {
  return (
    <button
      type="button"
      commandfor={dialogId}
      command={command}
      className={className}
      onClick={() => {
        if (supportsInvokerCommands()) return;
        const dialog = document.getElementById(dialogId) as HTMLDialogElement | null;
        if (command === "show-modal") dialog?.showModal();
        else dialog?.close();
      }}
    >
      {children}
    </button>
  );
}

export function DialogOpener(props: CommandButtonProps) {
  return <DialogCommandButton command="show-modal" {...props} />;
}

export function DialogCloser(props: CommandButtonProps) {
  return <DialogCommandButton command="close" {...props} />;
}

/** The browser traps focus and returns it to the opener; it fits a 320 px screen. */
export const Dialog = forwardRef<
  HTMLDialogElement,
  { id: string; title: string; children: React.ReactNode; onClose?: () => void }
>(function Dialog({ id, title, children, onClose }, ref) {
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[90dvh] w-[calc(100%-1.5rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-5 text-slate-800 shadow-xl backdrop:bg-slate-900/50 sm:p-6"
    >
      <h2 id={titleId} className="pr-2 text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </dialog>
  );
});

export const dialogButtonClass = {
  primary:
    "inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60",
  danger:
    "inline-flex min-h-11 items-center justify-center rounded-full bg-red-700 px-5 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60",
  secondary:
    "inline-flex min-h-11 items-center justify-center rounded-full px-5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-60",
  quiet:
    "inline-flex min-h-9 items-center rounded-full px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700",
} as const;
