import { listOutbox } from "~worker/email/send-email";

export function meta() {
  return [{ title: "Email outbox (development)" }, { name: "robots", content: "noindex" }];
}

/** Registered in app/routes.ts only for development builds. */
export async function loader() {
  return { emails: await listOutbox(50) };
}

// Typegen runs for production routes only.
export default function Outbox({ loaderData }: { loaderData: Awaited<ReturnType<typeof loader>> }) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">Email outbox (development only)</h1>
      <p className="mt-1 text-sm text-slate-600">Newest first. Nothing here left this machine.</p>
      {loaderData.emails.length === 0 ? <p className="mt-8 text-slate-700">No emails yet.</p> : null}
      <ol className="mt-6 space-y-6">
        {loaderData.emails.map((email) => (
          <li key={email.id} className="rounded-xl border border-slate-200 p-4">
            <p className="text-sm text-slate-600">
              {new Date(email.createdAt).toLocaleString()} · {email.template} · {email.status}
            </p>
            <h2 className="mt-1 font-semibold text-slate-900">{email.subject}</h2>
            <p className="text-sm text-slate-700">To: {email.to}</p>
            <pre className="mt-3 overflow-x-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
              {linkify(email.text)}
            </pre>
          </li>
        ))}
      </ol>
    </section>
  );
}

function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one static text, never reordered
      <a key={i} href={part} className="text-brand-700 underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
