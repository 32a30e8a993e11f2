import { useId, useState, type FormEvent } from 'react';
import Save from 'lucide-react/icons/save';
import { SOCIAL_LINKS, type SocialKey } from '../../../domain/socialLinks.js';
import { CATEGORY_PROMPT, VEHICLE_CATEGORIES } from '../../../domain/vehicleCategories.js';
import { VEHICLE_TEXT_LIMITS } from '../../../domain/vehicleRecords.js';
import { Button } from '../../../ui/Button.js';
import { Field } from '../../../ui/Field.js';
import { Select } from '../../../ui/Select.js';
import { TextArea } from '../../../ui/TextArea.js';
import { showSnackbar } from '../../../ui/snackbar/store.js';
import type { VehicleData } from '../data/types.js';
import { saveProfile } from '../data/writes.js';
import { changedProfile, fromProfileForm, toProfileForm, type ProfileErrors, type ProfileForm } from './profileForm.js';
import { UNNAMED_VEHICLE } from '../../../domain/vehicleName.js';
import { Input } from '../../../ui/Input.js';
import { Checkbox } from '../../../ui/Checkbox.js';

const CATEGORY_OPTIONS = [{ value: '', label: CATEGORY_PROMPT }, ...VEHICLE_CATEGORIES.map((c) => ({ value: String(c.code), label: c.label }))];

/** The owner's (and admins') profile form: name, description, category, type, public or private, and links. */
export function ProfileEditor({ vehicle, onDone }: { vehicle: VehicleData; onDone: () => void }) {
  const id = useId();
  const [form, setForm] = useState<ProfileForm>(() => toProfileForm(vehicle));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [busy, setBusy] = useState(false);
  const setLink = (key: SocialKey, value: string) => {
    setForm((f) => ({ ...f, links: { ...f.links, [key]: value } }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = fromProfileForm(form);
    if ('errors' in parsed) return setErrors(parsed.errors);
    const changes = changedProfile(vehicle, parsed.values);
    if (Object.keys(changes).length === 0) return onDone();
    setBusy(true);
    try {
      await saveProfile(vehicle, changes);
      showSnackbar({ severity: 'success', message: 'Profile saved.' });
      onDone();
    } catch (error) {
      console.error('Could not save the profile', error);
      showSnackbar({ severity: 'error', message: 'The profile could not be saved. Try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="profile-editor"
      data-form="vehicle-profile"
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), onDone())}
      noValidate
    >
      <Field id={`${id}-name`} name="name" label="Name">
        {(a11y) => (
          <Input
            {...a11y}
            name="name"
            maxLength={VEHICLE_TEXT_LIMITS.name}
            value={form.name}
            placeholder={UNNAMED_VEHICLE}
            onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
          />
        )}
      </Field>
      <TextArea
        id={`${id}-description`}
        name="description"
        label="Description"
        rows={4}
        maxLength={VEHICLE_TEXT_LIMITS.description}
        value={form.description}
        hint="Web addresses become links."
        onChange={(v) => setForm((f) => ({ ...f, description: v }))}
      />
      <div className="profile-editor__grid">
        <Select id={`${id}-category`} name="category" label="Category" value={form.category} options={CATEGORY_OPTIONS} onChange={(v) => setForm((f) => ({ ...f, category: v }))} />
        <Field id={`${id}-type`} name="type" label="Type">
          {(a11y) => (
            <Input
              {...a11y}
              name="type"
              maxLength={VEHICLE_TEXT_LIMITS.type}
              value={form.type}
              placeholder="Coupé, pickup, camper…"
              onChange={(e) => setForm((f) => ({ ...f, type: e.target.value }))}
            />
          )}
        </Field>
      </div>
      <Checkbox
        name="is_public"
        label="Public: anyone can see this profile, and it may appear on the latest vehicles list"
        checked={form.isPublic}
        onChange={(isPublic) => setForm((f) => ({ ...f, isPublic }))}
      />
      <fieldset className="profile-editor__links">
        <legend>Links</legend>
        <div className="profile-editor__grid">
          {SOCIAL_LINKS.map((kind) => (
            <Field key={kind.key} id={`${id}-${kind.key}`} name={kind.key} label={kind.label} errors={errors[kind.key] ? [errors[kind.key]!] : []}>
              {(a11y) => (
                <Input
                  {...a11y}
                  name={kind.key}
                  inputMode="url"
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  value={form.links[kind.key]}
                  placeholder={kind.profile ? '@username or address' : 'https://…'}
                  onChange={(e) => setLink(kind.key, e.target.value)}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      <div className="ui-button-row ui-button-row--end">
        <Button variant="text" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" icon={Save} busy={busy} data-action="save-profile">
          Save profile
        </Button>
      </div>
    </form>
  );
}
