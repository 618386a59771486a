import { useId } from "react";
import { CRISIS_RESOURCES } from "~/shared/crisis-resources";

/** The Crisis Resources box (spec section 2, Footer): every number is a tap-to-call or text link. */
export function CrisisResourcesBox({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const headingId = useId();
  const box =
    tone === "dark" ? "border-rose-400/40 bg-rose-950/40 text-rose-50" : "border-rose-200 bg-rose-50 text-rose-950";
  const link =
    tone === "dark"
      ? "text-white underline decoration-rose-300 underline-offset-2 hover:decoration-2"
      : "text-rose-900 underline underline-offset-2 hover:decoration-2";
  return (
    <section aria-labelledby={headingId} className={`rounded-xl border p-4 ${box}`}>
      <h2 id={headingId} className="text-base font-semibold">
        Crisis Resources
      </h2>
      <p className="mt-1 text-sm">If you are in immediate danger, contact emergency services now.</p>
      <ul className="mt-3 space-y-3 text-sm">
        {CRISIS_RESOURCES.map((resource) => (
          <li key={resource.name}>
            <p className="font-semibold">
              {resource.name}: <span className="font-normal">{resource.detail}</span>
            </p>
            <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
              {resource.contacts.map((contact) => (
                <a key={contact.href} href={contact.href} className={link}>
                  {contact.label}
                </a>
              ))}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
