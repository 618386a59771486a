import { useId, useRef, useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { ProfileEditForm } from "~/components/profile/profile-edit-form";
import { ProfileReadView } from "~/components/profile/profile-read-view";
import { type ProfileForm, profileErrors } from "~/schemas/profile";

export const PROFILE_TEXTS = {
  loading: "Loading your profile...",
  incomplete: "Your profile is not complete yet. Add the rest in Edit Profile so others can get to know you.",
} as const;

const TABS = [
  { id: "profile", label: "Profile" },
  { id: "edit", label: "Edit Profile" },
] as const;
type TabId = (typeof TABS)[number]["id"];

/** The two tabs (spec section 2): Profile (read-only, the default) and Edit Profile, as ARIA tabs. */
export function ProfileTabs({ userId, initial }: { userId: string; initial: ProfileForm }) {
  const [params, setParams] = useSearchParams();
  const tab: TabId = params.get("tab") === "edit" ? "edit" : "profile";
  const [profile, setProfile] = useState(initial);
  const revalidator = useRevalidator();
  const baseId = useId();
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({ profile: null, edit: null });

  const select = (next: TabId) =>
    setParams(next === "edit" ? { tab: "edit" } : {}, { replace: true, preventScrollReset: true });
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const next = tab === "profile" ? "edit" : "profile";
    select(next);
    tabRefs.current[next]?.focus();
  };
  const incomplete = Object.keys(profileErrors(profile)).length > 0;

  return (
    <div className="mt-6">
      <div role="tablist" aria-label="Profile" className="flex gap-2 border-b border-slate-200" onKeyDown={onKeyDown}>
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            ref={(element) => {
              tabRefs.current[id] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${id}-tab`}
            aria-selected={tab === id}
            aria-controls={`${baseId}-${id}-panel`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => select(id)}
            className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-600 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700 aria-selected:border-brand-700 aria-selected:text-brand-800"
          >
            {label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-${tab}-panel`}
        aria-labelledby={`${baseId}-${tab}-tab`}
        tabIndex={-1}
        className="pt-6"
      >
        {tab === "profile" ? (
          <ProfileReadView
            profile={profile}
            emptyNote={
              incomplete ? (
                <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
                  {PROFILE_TEXTS.incomplete}{" "}
                  <button
                    type="button"
                    onClick={() => select("edit")}
                    className="font-semibold underline underline-offset-2"
                  >
                    Edit Profile
                  </button>
                </p>
              ) : null
            }
          />
        ) : (
          <ProfileEditForm
            userId={userId}
            initial={profile}
            onSaved={(saved) => {
              setProfile(saved);
              // The header's picture comes from the root loader.
              revalidator.revalidate();
            }}
          />
        )}
      </div>
    </div>
  );
}
