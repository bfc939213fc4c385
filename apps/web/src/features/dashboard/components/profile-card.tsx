import type { User } from '@shop/shared';
import { dashboardCopy } from '../copy';

const copy = dashboardCopy.profile;

/** The profile as it is now: photo, display name, email, phone and role. */
export function ProfileCard({ profile }: { profile: User }) {
  return (
    <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-left">
      {profile.img ? (
        <img
          src={profile.img}
          alt={copy.photoAlt(profile.name)}
          width={128}
          height={128}
          className="size-32 shrink-0 rounded-full border border-base-300 object-cover"
        />
      ) : (
        <div
          role="img"
          aria-label={copy.noPhoto}
          className="flex size-32 shrink-0 items-center justify-center rounded-full bg-neutral text-5xl font-bold text-neutral-content"
        >
          <span aria-hidden="true">{profile.name.trim().charAt(0).toUpperCase() || '?'}</span>
        </div>
      )}
      <div className="flex max-w-full min-w-0 flex-col gap-1">
        <h1 className="text-3xl font-bold wrap-anywhere">{profile.name}</h1>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-left">
          <dt className="font-medium">{copy.email}</dt>
          <dd className="wrap-anywhere">{profile.email}</dd>
          <dt className="font-medium">{copy.phone}</dt>
          <dd data-testid="profile-phone">{profile.phone ?? copy.noPhone}</dd>
        </dl>
        <span className="badge badge-outline mt-1 self-center sm:self-start">{copy.role[profile.role]}</span>
      </div>
    </div>
  );
}
