import { parseSocialLink, SOCIAL_LINKS, type SocialKey } from '../../../domain/socialLinks.js';
import { sanitizeInput } from '../../../domain/validation.js';
import type { VehicleData } from '../data/types.js';
import type { ProfileValues } from '../data/writes.js';

export interface ProfileForm {
  name: string;
  description: string;
  category: string;
  type: string;
  isPublic: boolean;
  links: Record<SocialKey, string>;
}

export function toProfileForm(v: VehicleData): ProfileForm {
  return {
    name: v.name ?? '',
    description: v.description ?? '',
    category: v.category ? String(v.category) : '',
    type: v.type ?? '',
    isPublic: v.is_public === 1,
    links: Object.fromEntries(SOCIAL_LINKS.map((k) => [k.key, v[k.key] ?? ''])) as Record<SocialKey, string>,
  };
}

export type ProfileErrors = Partial<Record<SocialKey, string>>;

/** The profile values to store, or why a link cannot be stored. Empty text is no value. */
export function fromProfileForm(form: ProfileForm): { values: ProfileValues } | { errors: ProfileErrors } {
  const errors: ProfileErrors = {};
  const links = {} as Record<SocialKey, string | null>;
  for (const kind of SOCIAL_LINKS) {
    const parsed = parseSocialLink(kind, form.links[kind.key]);
    if (parsed.ok) links[kind.key] = parsed.url;
    else errors[kind.key] = parsed.error;
  }
  if (Object.keys(errors).length > 0) return { errors };
  const text = (v: string) => sanitizeInput(v) || null;
  const description = form.description.normalize('NFC').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim() || null;
  const category = Number(form.category);
  return {
    values: {
      name: text(form.name),
      description,
      category: Number.isInteger(category) && category > 0 ? category : null,
      type: text(form.type),
      is_public: form.isPublic ? 1 : 0,
      ...links,
    },
  };
}

/** The fields whose stored value would change. */
export function changedProfile(vehicle: VehicleData, values: ProfileValues): Partial<ProfileValues> {
  const changed: Partial<ProfileValues> = {};
  for (const [key, value] of Object.entries(values) as Array<[keyof ProfileValues, string | number | null]>) {
    const before = vehicle[key] === '' ? null : (vehicle[key] ?? null);
    if (before !== value) (changed as Record<string, unknown>)[key] = value;
  }
  return changed;
}
