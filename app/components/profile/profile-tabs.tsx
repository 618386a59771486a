import { useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ProfileEditForm, SAVED_NOTICE_MS } from "~/components/profile/profile-edit-form";
import { ProfileReadView } from "~/components/profile/profile-read-view";
import { Alert } from "~/components/ui/form-controls";
import { m } from "~/paraglide/messages";
import { PROFILE_SAVED_PARAM } from "~/shared/routes";
import { PROFILE_MESSAGES, type ProfileErrors, type ProfileForm, profileErrors } from "~/shared/schemas/profile";

export const PROFILE_TEXTS = {
  get subtitle() {
    return m.profile_subtitle();
  },
  get loading() {
    return m.profile_loading();
  },
  get incomplete() {
    return m.profile_incomplete();
  },
};

type RefusedProfilePost = { errors: ProfileErrors; values: ProfileForm; message?: string };

const TABS = [
  {
    id: "profile",
    get label() {
      return m.profile_tab_profile();
    },
  },
  {
    id: "edit",
    get label() {
      return m.profile_tab_edit();
    },
  },
] as const;
type TabId = (typeof TABS)[number]["id"];

/** Spec section 2. */
export function ProfileTabs({
  userId,
  initial,
  refused,
}: {
  userId: string;
  initial: ProfileForm;
  refused?: RefusedProfilePost;
}) {
  const [params, setParams] = useSearchParams();
  const tab: TabId = params.get("tab") === "edit" || refused ? "edit" : "profile";
  const [profile, setProfile] = useState(initial);
  const baseId = useId();
  const tabRefs = useRef<Record<TabId, HTMLAnchorElement | null>>({ profile: null, edit: null });
  const savedNatively = params.has(PROFILE_SAVED_PARAM);

  const search = (next: TabId) => (next === "edit" ? "?tab=edit" : "");
  const select = (next: TabId) =>
    setParams(next === "edit" ? { tab: "edit" } : {}, { replace: true, preventScrollReset: true });

  // Spec section 4.
  useEffect(() => {
    if (!savedNatively) return;
    const timer = window.setTimeout(() => setParams({}, { replace: true, preventScrollReset: true }), SAVED_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [savedNatively, setParams]);
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const next = tab === "profile" ? "edit" : "profile";
    select(next);
    tabRefs.current[next]?.focus();
  };
  const incomplete = Object.keys(profileErrors(profile)).length > 0;

  return (
    <div className="mt-6">
      <div
        role="tablist"
        aria-label={m.profile_tab_profile()}
        className="flex gap-2 border-b border-slate-200"
        onKeyDown={onKeyDown}
      >
        {/* Links, so the tabs work without scripts too. */}
        {TABS.map(({ id, label }) => (
          <Link
            key={id}
            ref={(element) => {
              tabRefs.current[id] = element;
            }}
            to={{ search: search(id) }}
            replace
            preventScrollReset
            role="tab"
            id={`${baseId}-${id}-tab`}
            aria-selected={tab === id}
            aria-controls={`${baseId}-${id}-panel`}
            tabIndex={tab === id ? 0 : -1}
            className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-600 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700 aria-selected:border-brand-700 aria-selected:text-brand-800"
          >
            {label}
          </Link>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-${tab}-panel`}
        aria-labelledby={`${baseId}-${tab}-tab`}
        tabIndex={-1}
        className="pt-6"
      >
        {tab === "profile" && savedNatively ? (
          <div aria-live="polite" className="mb-4">
            <Alert tone="success">{PROFILE_MESSAGES.saved}</Alert>
          </div>
        ) : null}
        {tab === "profile" ? (
          <ProfileReadView
            profile={profile}
            emptyNote={
              incomplete ? (
                <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
                  {PROFILE_TEXTS.incomplete}{" "}
                  <Link
                    to={{ search: search("edit") }}
                    replace
                    preventScrollReset
                    className="font-semibold underline underline-offset-2"
                  >
                    {m.profile_tab_edit()}
                  </Link>
                </p>
              ) : null
            }
          />
        ) : (
          <ProfileEditForm
            userId={userId}
            initial={refused?.values ?? profile}
            initialErrors={refused?.errors}
            failure={refused?.message}
            // The header's picture comes from the root loader, which the save's answer reads again.
            onSaved={setProfile}
          />
        )}
      </div>
    </div>
  );
}
