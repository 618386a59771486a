import { PersonIcon } from "~/components/ui/person-icon";
import { PROFILE_LABELS } from "~/lib/profile-labels";
import { m } from "~/paraglide/messages";
import { isOptionField, type OptionField, optionLabel } from "~/shared/profile-option-labels";
import type { ProfileField, ProfileForm } from "~/shared/schemas/profile";

type ViewableProfile = Omit<ProfileForm, "annualIncome" | "zipCode"> & { username?: string };

type Fact = { label: string; value: string };

const facts = (profile: ViewableProfile, fields: ProfileField[]): Fact[] =>
  fields.flatMap((field) => {
    const value = profile[field as keyof ViewableProfile];
    if (typeof value !== "string" || !value.trim()) return [];
    return [{ label: PROFILE_LABELS[field], value: isOptionField(field) ? optionLabel(field, value) : value }];
  });

/** Spec section 2, Profile screen; a section with nothing in it is not shown. */
export function ProfileReadView({
  profile,
  emptyNote,
  nameLevel = 2,
  actions,
}: {
  profile: ViewableProfile;
  emptyNote?: React.ReactNode;
  nameLevel?: 1 | 2;
  actions?: React.ReactNode;
}) {
  const NameHeading = nameLevel === 1 ? "h1" : "h2";
  const name = [profile.firstName, profile.lastName].filter((part) => part.trim()).join(" ");
  const place = [profile.city, profile.country.trim() ? optionLabel("country", profile.country) : ""]
    .filter((part) => part.trim())
    .join(", ");
  const basics = facts(profile, [
    "ethnicity",
    "height",
    "hairColor",
    "eyeColor",
    "denomination",
    "educationLevel",
    "occupation",
  ]);
  const spiritual = facts(profile, [
    "spiritualMaturity",
    "attendanceFrequency",
    "prayerFrequency",
    "bibleReadingFrequency",
    "conversionAge",
    "missionTripExperience",
    "importantDoctrine",
  ]);
  const relationship = facts(profile, ["lookingFor", "relationshipGoals", "familyPlans", "marriageViews"]);

  return (
    <article className="space-y-6">
      <header className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        {profile.photoUrl ? (
          <img
            src={profile.photoUrl}
            alt={name || profile.username || m.profile_photo_alt_fallback()}
            className="h-28 w-28 rounded-full object-cover ring-4 ring-brand-100"
          />
        ) : (
          <span
            role="img"
            aria-label={m.profile_no_photo()}
            className="flex h-28 w-28 items-center justify-center rounded-full bg-brand-100 text-brand-700"
          >
            <PersonIcon className="h-14 w-14" />
          </span>
        )}
        <div className="min-w-0">
          <NameHeading dir="auto" className="text-2xl font-bold text-slate-900 [overflow-wrap:anywhere]">
            {name || profile.username}
          </NameHeading>
          {profile.username && name ? <p className="text-sm text-slate-600">@{profile.username}</p> : null}
          <p dir="auto" className="mt-1 text-slate-700 [overflow-wrap:anywhere]">
            {[profile.age ? m.profile_age_years({ age: profile.age }) : "", place].filter(Boolean).join(" · ")}
          </p>
          {actions ? <div className="mt-3">{actions}</div> : null}
        </div>
      </header>

      {emptyNote}

      {basics.length > 0 ? <FactList title={m.profile_section_basics()} facts={basics} /> : null}
      <TextSection title={PROFILE_LABELS.aboutMe} text={profile.aboutMe} />
      <TextSection title={PROFILE_LABELS.faithJourney} text={profile.faithJourney} />
      <TextSection title={PROFILE_LABELS.personalTestimony} text={profile.personalTestimony} />
      {profile.favoriteBibleVerse.trim() ? (
        <Section title={PROFILE_LABELS.favoriteBibleVerse}>
          <blockquote
            dir="auto"
            className="border-s-4 border-brand-300 ps-4 text-lg text-slate-800 italic [overflow-wrap:anywhere]"
          >
            &ldquo;{profile.favoriteBibleVerse}&rdquo;
          </blockquote>
        </Section>
      ) : null}
      <TextSection title={PROFILE_LABELS.churchInvolvement} text={profile.churchInvolvement} />
      {spiritual.length > 0 ? <FactList title={m.profile_section_spiritual()} facts={spiritual} /> : null}
      <Tags title={PROFILE_LABELS.ministryInterests} field="ministryInterests" values={profile.ministryInterests} />
      <Tags title={PROFILE_LABELS.serviceActivities} field="serviceActivities" values={profile.serviceActivities} />
      {relationship.length > 0 ? (
        <FactList title={m.profile_section_relationship_goals()} facts={relationship} />
      ) : null}
      <TextSection title={PROFILE_LABELS.dealBreakers} text={profile.dealBreakers} />
      <Tags title={m.profile_section_hobbies_short()} field="hobbies" values={profile.hobbies} />
      <Tags title={PROFILE_LABELS.languagesSpoken} field="languagesSpoken" values={profile.languagesSpoken} />
    </article>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 p-5">
      <h3 className="mb-3 text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function TextSection({ title, text }: { title: string; text: string }) {
  if (!text.trim()) return null;
  return (
    <Section title={title}>
      <p dir="auto" className="whitespace-pre-wrap text-slate-700 [overflow-wrap:anywhere]">
        {text}
      </p>
    </Section>
  );
}

function FactList({ title, facts }: { title: string; facts: Fact[] }) {
  return (
    <Section title={title}>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{fact.label}</dt>
            <dd dir="auto" className="whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

function Tags({ title, field, values }: { title: string; field: OptionField; values: string[] }) {
  if (values.length === 0) return null;
  return (
    <Section title={title}>
      <ul className="flex flex-wrap gap-2">
        {values.map((value) => (
          <li key={value} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
            {optionLabel(field, value)}
          </li>
        ))}
      </ul>
    </Section>
  );
}
